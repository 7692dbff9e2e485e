import type { Tool } from '@voltline/shared/tool';
import { newTool } from '@voltline/test-kit/tools';
import { tools, type orders } from '../db/schema.ts';
import type { TestShop } from './test-app.ts';
import { bearer, type TestUser } from './test-users.ts';

export async function firstTool(shop: TestShop): Promise<Tool> {
  return (await shop.app.inject({ method: 'GET', url: '/api/getTools' })).json()[0];
}

/**
 * A tool of the test's own, so stock arithmetic is not disturbed by other tests: written straight
 * to the database, answered as the catalogue shows it.
 */
export async function freshTool(shop: TestShop, availableQuantity: number, minimumOrderQuantity = 1, price = 10, toolName?: string): Promise<Tool> {
  const [row] = await shop.database.db
    .insert(tools)
    .values(newTool({ price, minimumOrderQuantity, availableQuantity, ...(toolName === undefined ? {} : { toolName }) }))
    .returning();
  return (await shop.app.inject({ method: 'GET', url: `/api/getTool/${row!.id}` })).json();
}

/** Places an order at the tool's minimum quantity through the real endpoint. */
export async function placeOrder(shop: TestShop, user: TestUser, tool: Tool, quantity = tool.minimumOrderQuantity): Promise<string> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/purchased',
    headers: bearer(user),
    payload: { toolId: tool._id, quantity, phone: '5550100', address: '1 Circuit Road' },
  });
  if (response.statusCode !== 200) throw new Error(`order failed: ${response.statusCode} ${response.body}`);
  return response.json().insertedId;
}

export async function createIntent(shop: TestShop, user: TestUser, orderId: string) {
  return shop.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(user), payload: { orderId, price: 1 } });
}

export const card = (number: string) => ({ number, expiry: '12 / 34', cvc: '123', postalCode: '10115' });

/** An order paid with Stripe's success test card through the built-in gateway. */
export async function placePaidOrder(shop: TestShop, user: TestUser, tool: Tool, quantity = tool.minimumOrderQuantity): Promise<string> {
  const orderId = await placeOrder(shop, user, tool, quantity);
  const { clientSecret } = (await createIntent(shop, user, orderId)).json();
  const paid = await shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret, card: card('4242424242424242') } });
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.statusCode} ${paid.body}`);
  return orderId;
}

/**
 * An order row written straight to the database, for races that need many orders of one tool at
 * once: at $1 a unit, bought by nobody in particular. `paid` adds a transaction id and a pending delivery.
 */
export function rawOrderRow(tool: { id: string; toolName: string; img: string }, quantity: number, paid?: { transactionId: string }): typeof orders.$inferInsert {
  return {
    toolId: tool.id,
    userId: null,
    product: tool.toolName,
    img: tool.img,
    unitPrice: 1,
    quantity,
    price: quantity,
    buyer: 'Racer',
    buyerEamil: 'racer@example.com',
    phone: '5550100',
    address: 'Track 1',
    purchaseDate: 'Saturday, Nov 21, 2026',
    ...(paid ? { status: 'paid' as const, delivery: 'pending' as const, transactionId: paid.transactionId } : { status: 'unpaid' as const }),
  };
}
