import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import type { Tool } from '@voltline/shared/tool';
import { newCustomer, signUpInContext, type Customer } from './accounts.ts';
import { signInOverHttp, type ApiSession } from './api-client.ts';

/** Stripe's test cards, which the built-in gateway answers as Stripe would. */
export const CARDS = { accepted: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;
const API_CARD = { number: '4242424242424242', expiry: '12/34', cvc: '123', postalCode: '10115' };

/** Where to deliver, as the purchase form and the API take it. */
export const DELIVERY = { phone: '5551234567', address: '12 Harbour Road, Springfield' } as const;

export async function fetchTools(shopUrl: string): Promise<Tool[]> {
  return (await fetch(`${shopUrl}/api/getTools`)).json() as Promise<Tool[]>;
}

/** A new customer, signed in both in this browser context and over HTTP (for API-side setup). */
export async function signUpCustomer(context: BrowserContext, shopUrl: string): Promise<{ customer: Customer; api: ApiSession }> {
  const customer = newCustomer();
  await signUpInContext(context, shopUrl, customer);
  const api = await signInOverHttp(shopUrl, customer.email, customer.password);
  return { customer, api };
}

/** POST /api/purchased; answers the new unpaid order's id. */
export async function placeOrderOverHttp(api: ApiSession, tool: Tool, quantity = tool.minimumOrderQuantity): Promise<string> {
  const { status, body } = await api.call('POST', '/api/purchased', { toolId: tool._id, quantity, ...DELIVERY });
  if (status !== 200) throw new Error(`placing an order failed: ${status} ${JSON.stringify(body)}`);
  return body.insertedId;
}

/** Pays an order with the accepted test card, as the payment page does; answers the transaction id. */
export async function payOrderOverHttp(api: ApiSession, orderId: string): Promise<string> {
  const intent = await api.call('POST', '/api/create-payment-intent', { orderId });
  if (intent.status !== 200) throw new Error(`payment intent failed: ${intent.status} ${JSON.stringify(intent.body)}`);
  const paid = await api.call('POST', '/api/payments/builtin/confirm', { clientSecret: intent.body.clientSecret, card: API_CARD });
  if (paid.status !== 200) throw new Error(`payment failed: ${paid.status} ${JSON.stringify(paid.body)}`);
  return paid.body.paymentIntentId;
}

/** Fills the built-in card form and presses Pay. */
export async function payWithCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card number', { exact: true }).fill(cardNumber);
  await page.getByLabel('Expiry (MM / YY)', { exact: true }).fill('12 / 34');
  await page.getByLabel('CVC', { exact: true }).fill('123');
  await page.getByLabel('Postal code', { exact: true }).fill('10115');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

/** A toast with exactly this message. */
export function toast(page: Page, message: string): Locator {
  return page.getByRole('alert').filter({ hasText: new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
}

/** The terms and definitions of a <dl>, e.g. the payment page's order summary. */
export async function readDescriptionList(list: Locator): Promise<Record<string, string>> {
  const terms = await list.getByRole('term').allTextContents();
  const definitions = await list.getByRole('definition').allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term, definitions[index] ?? '']));
}

/** A real PNG, made on the fly, for upload fields. */
export async function makePng(width = 64, height = 48): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 240, g: 140, b: 20 } } })
    .png()
    .toBuffer();
  return { name: 'tool.png', mimeType: 'image/png', buffer };
}
