import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@voltline/shared/money';
import type { Tool } from '@voltline/shared/tool';
import { newCustomer, type Customer } from '@voltline/test-kit/customers';
import { fetchTools } from '@voltline/test-kit/orders';
import { logInThroughForm } from './support/accounts.ts';
import { shopJourney } from './support/journey.ts';

const PHONE = { width: 375, height: 812 };

/** The navbar's cart link, found by its accessible name: "Cart, 5 units". */
const cartLink = (page: Page, units: number) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: `Cart, ${units} ${units === 1 ? 'unit' : 'units'}`, exact: true });

const lineOf = (page: Page, tool: Tool) => page.locator('[data-testid="cart-line"]').filter({ hasText: tool.toolName });

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/**
 * A visitor fills a cart without an account, keeps it through a reload, signs in and finds it the
 * account's, then changes it there (issue 28). Once on a desktop and once on a 375 px phone.
 */
describe('a visitor fills a cart and keeps it at sign-in', () => {
  const journey = shopJourney();
  let tools: Tool[];

  beforeAll(async () => {
    tools = await fetchTools(journey.shop.url);
  });

  async function signUp(): Promise<Customer> {
    const customer = newCustomer();
    const response = await fetch(`${journey.shop.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: journey.shop.url },
      body: JSON.stringify({ name: customer.name, email: customer.email, password: customer.password }),
    });
    expect(response.ok).toBe(true);
    return customer;
  }

  it.each([
    ['on a desktop', undefined, 0],
    ['on a 375 px phone', PHONE, 2],
  ] as const)('%s', async (_label, viewport, offset) => {
    const customer = await signUp();
    const { page } = await journey.open(viewport);
    // Two tools whose minimum lets the visitor ask for one more than it from the tool page.
    const [drill, saw] = tools.slice(offset).filter((tool) => tool.orderableQuantity > tool.minimumOrderQuantity + 2) as [Tool, Tool];

    // The first tool from its page, with a quantity of the visitor's own.
    await page.goto(`/tools/${drill._id}`);
    await page.getByRole('heading', { level: 1, name: drill.toolName }).waitFor();
    if (viewport) await noSidewaysScroll(page);
    const drillQuantity = drill.minimumOrderQuantity + 1;
    await page.getByLabel('Quantity', { exact: true }).fill(String(drillQuantity));
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByRole('status').getByText(`Added ${drillQuantity} to your cart.`).waitFor();
    await cartLink(page, drillQuantity).waitFor();
    // Below the minimum is refused in words, and the cart stays as it was.
    await page.getByLabel('Quantity', { exact: true }).fill(String(drill.minimumOrderQuantity - 1));
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByRole('alert').getByText(`**Order quantity can't be less than ${drill.minimumOrderQuantity}`).waitFor();
    await cartLink(page, drillQuantity).waitFor();

    // The second at its minimum, as the field starts.
    await page.goto(`/tools/${saw._id}`);
    await page.getByRole('heading', { level: 1, name: saw.toolName }).waitFor();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    const units = drillQuantity + saw.minimumOrderQuantity;
    await cartLink(page, units).waitFor();

    // A reload keeps the cart: it lives in the browser.
    await page.reload();
    await cartLink(page, units).click();
    await page.waitForURL(`${journey.shop.url}/cart`);
    await lineOf(page, drill).getByText(`Line total: ${formatMoney(drill.price * drillQuantity)}`).waitFor();
    await lineOf(page, saw).getByText(`Unit price: ${formatMoney(saw.price)}`).waitFor();
    await page.getByText(`Subtotal: ${formatMoney(drill.price * drillQuantity + saw.price * saw.minimumOrderQuantity)}`).waitFor();
    if (viewport) await noSidewaysScroll(page);

    // Signing in makes it the account's cart: the server holds it now, and the browser's copy is gone.
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await logInThroughForm(page, customer.email, customer.password);
    await page.waitForURL(`${journey.shop.url}/cart`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('VOLTLINE_CART'))).toBeNull();
    await cartLink(page, units).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'));
    const serverCart = await (await fetch(`${journey.shop.url}/api/cart`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(serverCart.lines.map((line: { toolId: string; quantity: number }) => [line.toolId, line.quantity])).toEqual([
      [drill._id, drillQuantity],
      [saw._id, saw.minimumOrderQuantity],
    ]);

    // Changing a quantity changes the account's cart.
    const sawQuantity = saw.minimumOrderQuantity + 2;
    await page.getByRole('spinbutton', { name: `Quantity of ${saw.toolName}` }).fill(String(sawQuantity));
    await page.getByRole('button', { name: `Update quantity of ${saw.toolName}` }).click();
    await lineOf(page, saw).getByText(`Line total: ${formatMoney(saw.price * sawQuantity)}`).waitFor();
    await cartLink(page, drillQuantity + sawQuantity).waitFor();

    // Removing a line takes it out.
    await page.getByRole('button', { name: `Remove ${drill.toolName}` }).click();
    await expect.poll(() => page.locator('[data-testid="cart-line"]').count()).toBe(1);
    await cartLink(page, sawQuantity).waitFor();
    await page.getByText(`Subtotal: ${formatMoney(saw.price * sawQuantity)}`).waitFor();
    if (viewport) await noSidewaysScroll(page);

    // Another device sees the same cart: it follows the account.
    await page.reload();
    await lineOf(page, saw).waitFor();
    expect(await page.locator('[data-testid="cart-line"]').count()).toBe(1);
  });
});
