import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { newCustomer, signUpInContext, type Customer } from '@voltline/test-kit/customers';
import { signInOverHttp, type ApiSession } from '@voltline/test-kit/api-client';

/** Stripe's test cards, which the built-in gateway answers as Stripe would. */
export const CARDS = { accepted: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/** A new customer, signed in both in this browser context and over HTTP (for API-side setup). */
export async function signUpCustomer(context: BrowserContext, shopUrl: string): Promise<{ customer: Customer; api: ApiSession }> {
  const customer = newCustomer();
  await signUpInContext(context, shopUrl, customer);
  const api = await signInOverHttp(shopUrl, customer.email, customer.password);
  return { customer, api };
}

/** A delivery address as the checkout's and the purchase page's fields take it (issue 36): in the US, the test shop's country. */
const DELIVERY_ADDRESS = { deliveryName: 'Harbour Electrics', deliveryStreet: '12 Harbour Road', deliveryPostcode: '62701', deliveryCity: 'Springfield' };
type DeliveryAddressFields = typeof DELIVERY_ADDRESS;
const ADDRESS_LABELS: Record<keyof DeliveryAddressFields, string> = {
  deliveryName: 'Name or company',
  deliveryStreet: 'Street and number',
  deliveryPostcode: 'Postcode',
  deliveryCity: 'City',
};

/** Fills the delivery address's fields of the checkout or the purchase page (the country is chosen apart). */
export async function fillDeliveryAddress(page: Page, address: DeliveryAddressFields = DELIVERY_ADDRESS): Promise<void> {
  for (const [field, label] of Object.entries(ADDRESS_LABELS)) await page.getByLabel(label, { exact: true }).fill(address[field as keyof DeliveryAddressFields]);
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
async function readDescriptionList(list: Locator): Promise<Record<string, string>> {
  const terms = await list.getByRole('term').allTextContents();
  const definitions = await list.getByRole('definition').allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term, definitions[index] ?? '']));
}

/** Waits for the payment page the purchase form leads to, and reads its order summary. */
export async function paymentPageSummary(page: Page, shopUrl: string): Promise<Record<string, string>> {
  await page.waitForURL(new RegExp(`^${shopUrl}/payment/[^/]+$`));
  const summary = page.getByLabel('Order summary');
  await summary.getByRole('definition').first().waitFor();
  return readDescriptionList(summary);
}

/** A real PNG, made on the fly, for upload fields. */
export async function makePng(width = 64, height = 48): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 240, g: 140, b: 20 } } })
    .png()
    .toBuffer();
  return { name: 'tool.png', mimeType: 'image/png', buffer };
}

/**
 * Writes a review through Add A Review with the stars chosen, then opens the home page: answers the
 * first review card there, which shows the new review once it is drawn.
 */
export async function addReviewThroughForm(page: Page, text: string, stars: number): Promise<Locator> {
  await page.goto('/dashboard/addareview');
  await page.getByLabel('Your review', { exact: true }).fill(text);
  await page.getByRole('radio', { name: `${stars} stars`, exact: true }).check();
  await page.getByRole('button', { name: 'Add review', exact: true }).click();
  await toast(page, 'Review added successfully').waitFor();
  await page.goto('/');
  const firstReview = page.locator('[data-testid="review-card"]').first();
  await firstReview.getByText(text, { exact: true }).waitFor();
  return firstReview;
}
