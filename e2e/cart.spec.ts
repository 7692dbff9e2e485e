import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@voltline/shared/money';
import type { Tool } from '@voltline/shared/tool';
import { newCustomer, type Customer } from '@voltline/test-kit/customers';
import { DELIVERY, fetchTools, homeOrderFigures } from '@voltline/test-kit/orders';
import { pdfText } from '@voltline/test-kit/pdf-text';
import { logInThroughForm } from './support/accounts.ts';
import { shopJourney } from './support/journey.ts';
import { CARDS, fillDeliveryAddress, payWithCard } from './support/orders.ts';

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

/**
 * The tool page is drawn by the server; Add to cart takes a press once the app knows whose cart it
 * fills, so the journey types from then on, as a visitor would see the button ready (a quantity
 * typed before is kept too: quantity-field.test.tsx).
 */
async function appHasTakenOver(page: Page) {
  const add = page.getByRole('button', { name: 'Add to cart', exact: true });
  await expect.poll(() => add.isEnabled()).toBe(true);
}

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
    await appHasTakenOver(page);
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

  /**
   * Issue 28 from end to end: three tools found through the catalogue's search, a reload and a
   * sign-in that keep them, the checkout's summary with the delivery a real shop charges at home,
   * the test card, and the invoice of the one order they became.
   */
  it.each([
    ['on a desktop', undefined, 0],
    ['on a 375 px phone', PHONE, 3],
  ] as const)('checks the kept cart out as one order and pays it %s', async (_label, viewport, offset) => {
    const customer = await signUp();
    const { page } = await journey.open(viewport);
    const chosen = tools.slice(offset).filter((tool) => tool.orderableQuantity > tool.minimumOrderQuantity + 2).slice(0, 3) as [Tool, Tool, Tool];
    expect(chosen).toHaveLength(3);
    const quantities = chosen.map((tool, index) => tool.minimumOrderQuantity + (index === 0 ? 2 : 0));

    for (const [index, tool] of chosen.entries()) {
      await page.goto('/tools');
      await page.getByLabel('Search tools').fill(tool.toolName);
      await page.getByLabel('Search tools').press('Enter');
      await page.waitForURL((url) => url.pathname === '/tools' && url.searchParams.get('q') === tool.toolName);
      await page.locator('[data-testid="tool-card"]').getByRole('link', { name: tool.toolName, exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name: tool.toolName }).waitFor();
      // The first at a quantity of the visitor's own, the others at their minimum as the field starts.
      await appHasTakenOver(page);
      if (index === 0) await page.getByLabel('Quantity', { exact: true }).fill(String(quantities[0]));
      await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
      await cartLink(page, quantities.slice(0, index + 1).reduce((sum, units) => sum + units, 0)).waitFor();
    }
    const units = quantities.reduce((sum, count) => sum + count, 0);
    const goodsCents = chosen.reduce((sum, tool, index) => sum + Math.round(tool.price * 100) * quantities[index]!, 0);
    const figures = homeOrderFigures(goodsCents / 100);

    await page.reload();
    await cartLink(page, units).click();
    await page.waitForURL(`${journey.shop.url}/cart`);
    await expect.poll(() => page.locator('[data-testid="cart-line"]').count()).toBe(3);
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await logInThroughForm(page, customer.email, customer.password);
    await page.waitForURL(`${journey.shop.url}/cart`);
    await cartLink(page, units).waitFor();
    for (const tool of chosen) await lineOf(page, tool).waitFor();

    // The checkout: where it goes, and what it costs, before anything is placed.
    await page.getByRole('link', { name: 'Checkout', exact: true }).click();
    await page.waitForURL(`${journey.shop.url}/checkout`);
    expect(await page.getByLabel('Country', { exact: true }).inputValue()).toBe('US');
    await page.getByTestId('summary-total').getByText(formatMoney(figures.total), { exact: true }).waitFor();
    expect(await page.getByTestId('summary-line').allTextContents()).toEqual(
      chosen.map((tool, index) => `${tool.toolName} x ${quantities[index]} at ${formatMoney(tool.price)}${formatMoney(tool.price * quantities[index]!)}`),
    );
    expect(await page.getByTestId('summary-subtotal').textContent()).toBe(`Subtotal${formatMoney(figures.subtotal)}`);
    expect(await page.getByTestId('summary-delivery').textContent()).toBe(`Delivery${figures.deliveryCharge === 0 ? 'Free' : formatMoney(figures.deliveryCharge)}`);
    if (viewport) await noSidewaysScroll(page);
    await page.getByLabel('Phone', { exact: true }).fill(DELIVERY.phone);
    await fillDeliveryAddress(page);
    await page.getByRole('button', { name: 'Order and pay', exact: true }).click();

    // One order of the three lines, paid with the test card; the cart is empty afterwards.
    await page.waitForURL(new RegExp(`^${journey.shop.url}/payment/[^/]+$`));
    const costs = page.getByRole('region', { name: 'What the order costs' });
    await costs.getByTestId('summary-total').getByText(formatMoney(figures.total), { exact: true }).waitFor();
    expect(await costs.getByTestId('summary-line').count()).toBe(3);
    await cartLink(page, 0).waitFor();
    if (viewport) await noSidewaysScroll(page);
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await payWithCard(page, CARDS.accepted);
    await page.getByText('Congrats! your payment is completed', { exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download invoice', exact: true }).click()]);
    const invoice = await pdfText(await readFile((await download.path())!));
    // One invoice listing the three lines (issue 28), the delivery as a line of its own, and the total paid.
    for (const fact of [customer.name, ...chosen.map((tool) => tool.toolName), 'Qty', `Total: ${formatMoney(figures.total)}`]) expect(invoice).toContain(fact);
    if (figures.deliveryCharge > 0) expect(invoice).toContain('Delivery');
    if (viewport) await noSidewaysScroll(page);
  });
});
