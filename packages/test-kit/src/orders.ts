import type { Tool } from '@voltline/shared/tool';
import type { ApiSession } from './api-client.ts';

/** Who places and pays: a session over HTTP, or a server suite's caller in process (app.inject). */
export type OrderCaller = Pick<ApiSession, 'call'>;

/** A card as the built-in gateway's API takes it (the payment form's way of writing the expiry). */
export const testCard = (number: string) => ({ number, expiry: '12 / 34', cvc: '123', postalCode: '10115' });

/** Stripe's success test card. */
const ACCEPTED_CARD = testCard('4242424242424242');

export interface Delivery {
  phone: string;
  address: string;
}

/** Where to deliver, as the purchase form and the API take it. */
export const DELIVERY: Delivery = { phone: '5551234567', address: '12 Harbour Road, Springfield' };

export async function fetchTools(shopUrl: string): Promise<Tool[]> {
  return (await fetch(`${shopUrl}/api/getTools`)).json() as Promise<Tool[]>;
}

/**
 * The body of POST /api/purchased for `quantity` units of `tool` (its minimum unless told): every
 * suite and journey that places an order sends this one, and those that read a refusal send it
 * themselves.
 */
export const orderRequest = (tool: Pick<Tool, '_id' | 'minimumOrderQuantity'>, quantity = tool.minimumOrderQuantity, delivery: Delivery = DELIVERY) => ({
  toolId: tool._id,
  quantity,
  ...delivery,
});

/** POST /api/purchased; answers the new unpaid order's id. */
export async function placeOrderOverHttp(api: OrderCaller, tool: Tool, quantity = tool.minimumOrderQuantity, delivery = DELIVERY): Promise<string> {
  const { status, body } = await api.call('POST', '/api/purchased', orderRequest(tool, quantity, delivery));
  if (status !== 200) throw new Error(`placing an order failed: ${status} ${JSON.stringify(body)}`);
  return body.insertedId;
}

/** Pays an order with the accepted test card, as the payment page does; answers the transaction id. */
export async function payOrderOverHttp(api: OrderCaller, orderId: string): Promise<string> {
  const intent = await api.call('POST', '/api/create-payment-intent', { orderId });
  if (intent.status !== 200) throw new Error(`payment intent failed: ${intent.status} ${JSON.stringify(intent.body)}`);
  const paid = await api.call('POST', '/api/payments/builtin/confirm', { clientSecret: intent.body.clientSecret, card: ACCEPTED_CARD });
  if (paid.status !== 200) throw new Error(`payment failed: ${paid.status} ${JSON.stringify(paid.body)}`);
  return paid.body.paymentIntentId;
}

/** A paid order (placed, then paid with the accepted card); answers its id. */
export async function placePaidOrderOverHttp(api: OrderCaller, tool: Tool, quantity = tool.minimumOrderQuantity, delivery = DELIVERY): Promise<string> {
  const orderId = await placeOrderOverHttp(api, tool, quantity, delivery);
  await payOrderOverHttp(api, orderId);
  return orderId;
}

/**
 * A paid order of three tools of the catalogue, a line each of its minimum and `extraUnits` more (each
 * has at least one unit more in stock), placed through the cart's checkout and paid with the accepted
 * card: what the journeys of parcels and returns start from. Answers its id and the tools, in line order.
 */
export async function paidOrderOfThreeTools(shopUrl: string, buyer: OrderCaller, extraUnits: number): Promise<{ orderId: string; tools: [Tool, Tool, Tool] }> {
  const tools = (await fetchTools(shopUrl)).filter((tool) => tool.orderableQuantity >= tool.minimumOrderQuantity + 1).slice(0, 3);
  if (tools.length !== 3) throw new Error(`three tools in stock wanted, ${tools.length} found`);
  for (const tool of tools) {
    const line = await buyer.call('PUT', `/api/cart/lines/${tool._id}`, { quantity: tool.minimumOrderQuantity + extraUnits });
    if (line.status !== 200) throw new Error(`adding ${tool.toolName} to the cart failed: ${line.status} ${JSON.stringify(line.body)}`);
  }
  const placed = await buyer.call('POST', '/api/checkout', { country: 'US', ...DELIVERY });
  if (placed.status !== 200) throw new Error(`checkout failed: ${placed.status} ${JSON.stringify(placed.body)}`);
  const orderId: string = placed.body.insertedId;
  await payOrderOverHttp(buyer, orderId);
  return { orderId, tools: tools as [Tool, Tool, Tool] };
}

/**
 * What an order of `goods` dollars costs delivered in a new shop's own country (US), as a real shop
 * process prices it (issue 29): delivery $4.90, free from $150 of goods, and 10% off it while the
 * delivery promotion a new shop starts with runs ($4.41). Written out, not worked out by the
 * shop's own pricing code, so a journey checks the shop against the figures a buyer expects.
 */
export function homeOrderFigures(goods: number): { subtotal: number; deliveryCharge: number; deliveryDiscount: number; total: number } {
  const goodsCents = Math.round(goods * 100);
  const chargeCents = goodsCents >= 15_000 ? 0 : 490;
  const discountCents = chargeCents === 0 ? 0 : 49;
  return { subtotal: goods, deliveryCharge: chargeCents / 100, deliveryDiscount: discountCents / 100, total: (goodsCents + chargeCents - discountCents) / 100 };
}
