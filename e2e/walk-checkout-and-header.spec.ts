import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartMessages } from '@voltline/shared/cart-rules';
import type { Tool } from '@voltline/shared/tool';
import { ADMIN, ADMIN_ENV, newCustomer, signUpInContext } from '@voltline/test-kit/customers';
import { signInOverHttp } from '@voltline/test-kit/api-client';
import { fetchTools, payOrderOverHttp } from '@voltline/test-kit/orders';
import { addToolOverHttp } from '@voltline/test-kit/tools';
import { AXE_WIDTHS, seriousViolationsShown } from './support/axe.ts';
import { takeProblems } from './support/browser.ts';
import { shopJourney } from './support/journey.ts';
import { textNodesBrokenAcrossLines } from './support/layout.ts';

/** Issue 43, items 5, 10, 12, 17 and 20: what a customer met walking through the shop, and a header that fits. */

const PHONE = { width: 375, height: 812 };
const SCREENS = '/tmp/screens';
/** Sixty characters, words a browser could wrap anywhere between. */
const LONG_NAME = 'Maximiliana Theodora Vandersteen-Oppenheimer von Lichtenberg';

/** Where the signed-in customer's checkout should start: their last order's address (issue 43, item 5). */
const LAST_ADDRESS = { phone: '+1 217 555 0142', deliveryName: 'Harbour Electrics', deliveryStreet: '12 Harbour Road', deliveryPostcode: '62701', deliveryCity: 'Springfield', country: 'US' };
const ADDRESS_LABELS = { phone: 'Phone', deliveryName: 'Name or company', deliveryStreet: 'Street and number', deliveryPostcode: 'Postcode', deliveryCity: 'City' } as const;

/** The page scrolls sideways by this many pixels (0 when it fits). */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('walking the shop (issue 43)', () => {
  const journey = shopJourney({ env: { ...ADMIN_ENV, AUTH_RATE_LIMIT_MAX: '1000' } });
  let tools: Tool[];
  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true });
    tools = await fetchTools(journey.shop.url);
  });

  /** A customer with `name`, signed in in a fresh context at `viewport`, and over HTTP. */
  async function customerNamed(name: string, viewport: { width: number; height: number }) {
    const session = await journey.open(viewport);
    const customer = { ...newCustomer(), name };
    await signUpInContext(session.context, journey.shop.url, customer);
    const api = await signInOverHttp(journey.shop.url, customer.email, customer.password);
    return { ...session, customer, api };
  }

  /**
   * The header's Logout: inside the screen, on top where it is drawn (nothing overprints it), apart
   * from the name; the menu's items on one row.
   */
  async function headerFacts(page: Page) {
    return page.evaluate(() => {
      const nav = document.querySelector('nav[aria-label="Main"]')!;
      const menu = Array.from(nav.querySelectorAll('ul.menu')).find((list) => list.getBoundingClientRect().width > 0)!;
      const logout = Array.from(menu.querySelectorAll('button')).find((button) => button.textContent === 'Logout')!;
      const name = menu.querySelector<HTMLElement>('[data-testid="signed-in-name"]')!;
      const box = logout.getBoundingClientRect();
      const nameBox = name.getBoundingClientRect();
      const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const itemTops = Array.from(menu.children).map((item) => Math.round(item.getBoundingClientRect().top));
      return {
        logoutInside: box.left >= 0 && box.right <= window.innerWidth && box.top >= 0 && box.bottom <= window.innerHeight,
        logoutOnTop: atCentre === logout || logout.contains(atCentre),
        nameClearOfLogout: nameBox.right <= box.left,
        nameCut: name.scrollWidth > name.clientWidth,
        nameTitle: name.title,
        menuRows: new Set(itemTops).size,
      };
    });
  }

  it.each([1024, 1366])('keeps Logout on screen and clear of a 60-character name at %i px, the menu on one row', async (width) => {
    expect(LONG_NAME).toHaveLength(60);
    const { page } = await customerNamed(LONG_NAME, { width, height: 768 });
    await page.goto('/home');
    await page.getByRole('button', { name: 'Logout', exact: true }).waitFor();
    const facts = await headerFacts(page);
    await page.screenshot({ path: `${SCREENS}/header-long-name-${width}.png`, clip: { x: 0, y: 0, width, height: 80 } });
    expect(facts).toEqual({ logoutInside: true, logoutOnTop: true, nameClearOfLogout: true, nameCut: true, nameTitle: LONG_NAME, menuRows: 1 });
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    // Logout works from there.
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
  });

  it('keeps "Greta Baumann" and the whole menu on one row at 1024 px', async () => {
    const { page } = await customerNamed('Greta Baumann', { width: 1024, height: 768 });
    await page.goto('/home');
    await page.getByRole('button', { name: 'Logout', exact: true }).waitFor();
    expect(await headerFacts(page)).toMatchObject({ logoutInside: true, logoutOnTop: true, nameCut: false, menuRows: 1 });
  });

  it('shows two tool cards a row on a phone, opens a tool from its picture, with one link to the tool per card', async () => {
    const session = await journey.open(PHONE);
    const { page } = session;
    await page.goto('/tools');
    const cards = page.locator('[data-testid="tool-card"]');
    await cards.nth(3).waitFor();
    const [first, second, third] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!, (await cards.nth(2).boundingBox())!];
    expect(second.y).toBe(first.y);
    expect(second.x).toBeGreaterThan(first.x + first.width - 1);
    expect(third.y).toBeGreaterThan(first.y);
    expect(first.width).toBeLessThan(PHONE.width / 2);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENS}/catalogue-phone.png` });
    expect(await seriousViolationsShown(page, '/tools at 375 px')).toEqual([]);

    const card = cards.first();
    const toolName = (await card.getByRole('heading').textContent())!;
    const tool = tools.find((each) => each.toolName === toolName)!;
    // One link names the tool: the heading's, which the picture opens too.
    const toToolPage = card.locator(`a[href="/tools/${tool._id}"]`);
    expect(await toToolPage.count()).toBe(1);
    expect(await card.getByRole('link', { name: toolName, exact: true }).count()).toBe(1);
    const picture = (await card.getByRole('img', { name: toolName, exact: true }).boundingBox())!;
    await page.mouse.click(picture.x + picture.width / 2, picture.y + picture.height / 2);
    await page.waitForURL((url) => url.pathname === `/tools/${tool._id}`);
    await page.getByRole('heading', { level: 1, name: toolName, exact: true }).waitFor();
  });

  it('shows a long name on My Profile on a phone in whole words, every button on screen', async () => {
    const { page } = await customerNamed(LONG_NAME, PHONE);
    await page.goto('/dashboard');
    const heading = page.locator('#profile-name');
    await heading.getByText('Maximiliana', { exact: true }).waitFor();
    expect(await textNodesBrokenAcrossLines(page, '#profile-name')).toEqual([]);
    expect(await heading.getAttribute('title').catch(() => null)).toBeNull();
    expect(await heading.locator('[title]').first().getAttribute('title')).toBe(LONG_NAME);
    // Read whole by screen readers.
    expect((await heading.textContent())!.replace(/\s+/g, ' ')).toBe(LONG_NAME);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENS}/profile-long-name-phone.png` });
  });

  it.each(AXE_WIDTHS)('leaves an out-of-stock line out of the subtotal and holds Checkout back on a $name', async ({ width, height }) => {
    const { page, api } = await customerNamed(newCustomer().name, { width, height });
    const admin = await signInOverHttp(journey.shop.url, ADMIN.email, ADMIN.password);
    // A tool of its own with two units, both in this cart, then scrapped: out of stock.
    await addToolOverHttp(admin, { toolName: `Sold Out Sander ${width}`, price: 80, availableQuantity: 2 });
    const soldOut = (await fetchTools(journey.shop.url)).find((tool) => tool.toolName === `Sold Out Sander ${width}`)!;
    const kept = tools[0]!;
    expect((await api.call('PUT', `/api/cart/lines/${kept._id}`, { quantity: kept.minimumOrderQuantity })).status).toBe(200);
    expect((await api.call('PUT', `/api/cart/lines/${soldOut._id}`, { quantity: 2 })).status).toBe(200);
    const scrapped = await admin.call('POST', `/api/admin/tools/${soldOut._id}/stock-moves`, { kind: 'scrapped', units: 2, note: 'Water damage' });
    expect(scrapped.status, JSON.stringify(scrapped.body)).toBe(200);

    await page.goto('/cart');
    const line = page.locator('[data-testid="cart-line"]').filter({ hasText: soldOut.toolName });
    expect(await line.getByTestId('cart-line-problem').textContent()).toBe(`${cartMessages.outOfStock(soldOut.toolName)} ${cartMessages.notInSubtotal}`);
    const keptTotal = kept.price * kept.minimumOrderQuantity;
    expect(await page.getByTestId('cart-subtotal').textContent()).toBe(`Subtotal: $${keptTotal.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
    expect(await page.getByRole('link', { name: 'Checkout', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Checkout', exact: true }).isDisabled()).toBe(true);
    await page.getByText(cartMessages.checkoutWaits, { exact: true }).waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolationsShown(page, `/cart at ${width} px`)).toEqual([]);

    // Removed, the cart checks out again.
    await line.getByRole('button', { name: `Remove ${soldOut.toolName}`, exact: true }).click();
    await page.getByRole('link', { name: 'Checkout', exact: true }).waitFor();
  });

  it.each(AXE_WIDTHS)('starts the checkout from the last order, keeps what was typed across a reload, and forgets it at sign-out on a $name', async ({ width, height }) => {
    const session = await customerNamed(newCustomer().name, { width, height });
    const { page, api } = session;
    const [tool] = tools;
    const placed = await api.call('POST', '/api/purchased', { toolId: tool!._id, quantity: tool!.minimumOrderQuantity, ...LAST_ADDRESS });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await payOrderOverHttp(api, placed.body.insertedId);
    expect((await api.call('PUT', `/api/cart/lines/${tool!._id}`, { quantity: tool!.minimumOrderQuantity })).status).toBe(200);

    await page.goto('/checkout');
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('Phone').waitFor();
    for (const [name, label] of Object.entries(ADDRESS_LABELS)) expect(await field(label).inputValue(), label).toBe(LAST_ADDRESS[name as keyof typeof ADDRESS_LABELS]);
    expect(await field('Country').inputValue()).toBe('US');
    expect(await seriousViolationsShown(page, `/checkout at ${width} px`)).toEqual([]);

    // Typed, then the page reloaded mid-checkout: all of it is still there.
    await field('Phone').fill('+1 217 555 0199');
    await field('Street and number').fill('14 Harbour Road');
    await field('Coupon code').fill('NOSUCHCODE');
    await page.waitForTimeout(100);
    await page.reload();
    await field('Phone').waitFor();
    expect(await field('Phone').inputValue()).toBe('+1 217 555 0199');
    expect(await field('Street and number').inputValue()).toBe('14 Harbour Road');
    expect(await field('Coupon code').inputValue()).toBe('NOSUCHCODE');
    expect(await field('City').inputValue()).toBe(LAST_ADDRESS.deliveryCity);
    // The shop refuses the code it does not know (422), as it should: the code was kept, not checked.
    await expect.poll(() => field('Coupon code').getAttribute('aria-invalid')).toBe('true');
    expect(takeProblems(session, 422)).toBeGreaterThan(0);
    // Nothing of it in the storage every user of the browser shares.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('draft')))).toEqual([]);

    // On a phone Logout is in the menu.
    if (width < 1024) await page.locator('summary[aria-label="Open menu"]').click();
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    // Signed out, the header offers Login. On a phone the menu closes as the shop goes home, so the
    // link may be in a closed menu: it is looked for there too (includeHidden), not only on screen.
    await page.getByRole('link', { name: 'Login', exact: true, includeHidden: true }).first().waitFor({ state: 'attached' });
    await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.includes('draft')))).toEqual([]);
  });
});
