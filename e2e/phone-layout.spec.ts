import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOP_PAGES, shopPagePath } from '@voltline/shared/shop-pages';
import { ADMIN, ADMIN_ENV, newCustomer, signInInContext, signUpOverHttp } from '@voltline/test-kit/customers';
import { signInOverHttp } from '@voltline/test-kit/api-client';
import { fetchTools, payOrderOverHttp, placeOrderOverHttp, placePaidOrderOverHttp } from '@voltline/test-kit/orders';
import { shopJourney } from './support/journey.ts';
import { textNodesBrokenAcrossLines } from './support/layout.ts';
import { fillDeliveryAddress, signUpCustomer } from './support/orders.ts';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
/** The most common laptop screen (issue 26: Manage All Orders scrolled sideways on it). */
const LAPTOP = { width: 1366, height: 768 };

/** A long address that must wrap on a phone, and may only wrap at its dots and its "@". */
const LONG_EMAIL = 'maximilian.vandersteen@engineering.customers.example';

/** Each admin page, what shows that its rows have arrived, and the actions it must show on screen. */
const ADMIN_PAGES = [
  { path: '/dashboard/manageorders', rows: '[data-testid="order-row"]', actions: ['Deliver', 'Cancel', 'Refund', 'History'] },
  { path: '/dashboard/managetools', rows: '[data-testid="tool-row"]', actions: ['Edit', 'Stock', 'Pictures', 'Delete'] },
  { path: '/dashboard/makeadmin', rows: 'tbody tr', actions: ['Make admin'] },
  { path: '/dashboard/webhooks', rows: '[data-testid="endpoint-row"]', actions: ['Deliveries', 'Remove'] },
  { path: '/dashboard/addtool', rows: 'form', actions: [] },
  { path: '/dashboard', rows: 'main h2', actions: [] },
];

/**
 * What is wrong with the layout: the page scrolls sideways, or a button or button-like link of the
 * page (not of the closed drawer) sits partly outside the screen's width. Vertical scrolling is fine.
 */
async function layoutProblems(page: Page, where: string): Promise<string[]> {
  return page.evaluate((where) => {
    const problems: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width) {
      problems.push(`${where}: the page is ${document.documentElement.scrollWidth} px wide on a ${width} px screen`);
    }
    const content = document.querySelector('.drawer-content') ?? document.querySelector('main')!;
    for (const control of Array.from(content.querySelectorAll<HTMLElement>('button, a.btn'))) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.left < 0 || box.right > width) {
        problems.push(`${where}: "${control.textContent?.trim()}" spans ${Math.round(box.left)}-${Math.round(box.right)} px`);
      }
    }
    return problems;
  }, where);
}

/** The names of the page's buttons that are on screen. */
const buttonNames = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll('.drawer-content button')).map((button) => button.textContent?.trim() ?? ''));

describe('the shop on a 375 px phone', () => {
  const journey = shopJourney({ env: { ...ADMIN_ENV, AUTH_RATE_LIMIT_MAX: '1000' } });

  it('keeps every admin action on screen without sideways scrolling, and emails whole', async () => {
    const session = await journey.open(PHONE);
    const { page } = session;
    // Something in every table: a paid and an unpaid order, a customer with a long email, an endpoint.
    const { api } = await signUpCustomer(session.context, journey.shop.url);
    const [first, second] = await fetchTools(journey.shop.url);
    await placePaidOrderOverHttp(api, first!);
    await placeOrderOverHttp(api, second!);
    await signInOverHttp(journey.shop.url, LONG_EMAIL, 'Volt#2026', { signUpAs: 'Max' });
    const admin = await signInOverHttp(journey.shop.url, ADMIN.email, ADMIN.password);
    const endpoint = await admin.call('POST', '/api/webhook-endpoints', { url: 'https://93.184.215.14/stock', events: ['tool.stock_low'] });
    expect(endpoint.status).toBe(200);
    await session.context.clearCookies();
    await signInInContext(session.context, journey.shop.url, ADMIN.email, ADMIN.password);

    const problems: string[] = [];
    for (const adminPage of ADMIN_PAGES) {
      await page.goto(adminPage.path);
      await page.locator(adminPage.rows).first().waitFor();
      problems.push(...(await layoutProblems(page, adminPage.path)));
      const names = await buttonNames(page);
      for (const action of adminPage.actions) expect(names, `${adminPage.path} shows ${action}`).toContain(action);
    }
    expect(problems).toEqual([]);

    // An endpoint's dialogs: its address, their buttons on screen.
    for (const [action, dialogName] of [['Deliveries for', 'Deliveries'], ['Remove', 'Remove this endpoint?']] as const) {
      await page.goto('/dashboard/webhooks');
      await page.getByRole('button', { name: `${action} https://93.184.215.14/stock`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await dialog.getByText('https://93.184.215.14/stock', { exact: true }).waitFor();
      for (const button of await dialog.getByRole('button').all()) {
        const { x, width } = (await button.boundingBox())!;
        expect(x >= 0 && x + width <= PHONE.width, `${dialogName}: ${await button.textContent()}`).toBe(true);
      }
    }

    // Make Admin: the long email wraps at its punctuation only, and is all there.
    await page.goto(`/dashboard/makeadmin?q=${encodeURIComponent('maximilian')}`);
    const emailCell = page.locator('tbody tr td').first();
    await emailCell.getByText(LONG_EMAIL, { exact: true }).waitFor();
    const box = (await emailCell.boundingBox())!;
    expect(box.height).toBeGreaterThan(30); // it did wrap: one line would not hold it
    expect(await textNodesBrokenAcrossLines(page, 'tbody tr td')).toEqual([]);
  });

  it('fits Manage All Orders on a 1366 px laptop, before and after an action, with its documents named apart', async () => {
    // A paid, a refunded and an unpaid order, from a buyer with a long name and a long email.
    const someone = newCustomer();
    const buyer = { ...someone, name: 'Maximiliana Vandersteen-Oppenheimer', email: `maximiliana.${someone.email.split('@')[0]!}@engineering.customers.example` };
    const api = await signUpOverHttp(journey.shop.url, buyer);
    const [first, second, third] = await fetchTools(journey.shop.url);
    const paid = await placePaidOrderOverHttp(api, first!);
    const refunded = await placePaidOrderOverHttp(api, second!);
    await placeOrderOverHttp(api, third!);
    const admin = await signInOverHttp(journey.shop.url, ADMIN.email, ADMIN.password);
    expect((await admin.call('POST', `/api/adminPurchased/${refunded}/refund`, { amount: 1, reason: 'Scratched case' })).status).toBe(200);
    const orderOf = async (orderId: string): Promise<{ invoiceNumber: string; orderNumber: string }> => (await api.call('GET', `/api/purchasedSingle/${orderId}`)).body;

    const { page } = await journey.openAsAdmin(`/dashboard/manageorders?q=${encodeURIComponent(buyer.email)}`, LAPTOP);
    const rows = page.locator('[data-testid="order-row"]');
    await expect.poll(() => rows.count()).toBe(3);
    /** The page's width, and how far the table reaches past the box that holds it (0 when it fits). */
    const overflow = () =>
      page.getByRole('table', { name: 'Orders', exact: true }).evaluate((table) => {
        const box = table.parentElement!;
        return {
          page: document.documentElement.scrollWidth,
          table: Math.max(0, Math.round(table.getBoundingClientRect().right - box.getBoundingClientRect().right), box.scrollWidth - box.clientWidth),
        };
      });
    expect(await overflow()).toEqual({ page: LAPTOP.width, table: 0 });
    expect(await layoutProblems(page, '/dashboard/manageorders at 1366 px')).toEqual([]);

    // Each row's documents say which they are, and of which order.
    const paidRow = rows.filter({ hasText: first!.toolName });
    const refundedRow = rows.filter({ hasText: second!.toolName });
    const paidOrder = await orderOf(paid);
    const refundedOrder = await orderOf(refunded);
    expect(await paidRow.getByRole('button', { name: /^Invoice|^Credit note/ }).allTextContents()).toEqual(['Invoice']);
    expect(await refundedRow.getByRole('button', { name: /^Invoice|^Credit note/ }).allTextContents()).toEqual(['Invoice', 'Credit note']);
    await paidRow.getByRole('button', { name: `Invoice ${paidOrder.invoiceNumber}: order ${paidOrder.orderNumber}, ${buyer.name}`, exact: true }).waitFor();
    await refundedRow.getByRole('button', { name: `Credit note for invoice ${refundedOrder.invoiceNumber}: order ${refundedOrder.orderNumber}, ${buyer.name}`, exact: true }).waitFor();

    // After an action (the paid order shipped), the rows still fit.
    await paidRow.getByRole('button', { name: 'Deliver', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Deliver order' });
    await dialog.getByRole('button', { name: 'Confirm delivery', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await paidRow.getByText('Product delivered', { exact: true }).waitFor();
    expect(await overflow()).toEqual({ page: LAPTOP.width, table: 0 });
  });

  it('shows My Orders as cards of a card\'s size, ids unbroken, on a phone and on a desktop', async () => {
    const session = await journey.open(DESKTOP);
    const { page } = session;
    const { api } = await signUpCustomer(session.context, journey.shop.url);
    const [first, second] = await fetchTools(journey.shop.url);
    const transactionId = await payOrderOverHttp(api, await placeOrderOverHttp(api, first!));

    // One order on a wide screen: a card's width and a picture of a card, not the page's.
    await page.goto('/dashboard/myorders');
    const cards = page.locator('[data-testid="order-card"]');
    await cards.first().waitFor();
    const card = (await cards.first().boundingBox())!;
    const picture = (await cards.first().locator('img').boundingBox())!;
    expect(card.width).toBeLessThanOrEqual(360);
    expect(picture.height).toBeLessThanOrEqual(270);

    // Two orders side by side, one paid, one not: every line of both cards the same distance from the
    // line before it, the order's facts and its payment alike. The distance is measured from one line's
    // foot to the next line's head, so a fact that wraps (the purchase date is longer on a Wednesday
    // than on a Friday) does not count as a wider step.
    await placeOrderOverHttp(api, second!);
    await page.reload();
    await expect.poll(() => cards.count()).toBe(2);
    const lineSpacing = (card: ReturnType<typeof cards.nth>) =>
      card.evaluate((element) => {
        const boxes = Array.from(element.querySelectorAll('p')).map((line) => line.getBoundingClientRect());
        return boxes.slice(1).map((box, index) => Math.round(box.top - boxes[index]!.bottom));
      });
    const paid = cards.filter({ hasText: 'payment done!!!' });
    const unpaid = cards.filter({ hasText: 'Pay Order' });
    const [left, right] = [(await paid.boundingBox())!, (await unpaid.boundingBox())!];
    expect(left.y).toBe(right.y);
    const [paidSpacing, unpaidSpacing] = [await lineSpacing(paid), await lineSpacing(unpaid)];
    const factSpacing = unpaidSpacing[0]!;
    // Order (its number, issue 43), Quantity, Total, Purchase date, Address: the same steps in both cards.
    expect(unpaidSpacing).toEqual([factSpacing, factSpacing, factSpacing, factSpacing]);
    expect(paidSpacing.slice(0, 4)).toEqual([factSpacing, factSpacing, factSpacing, factSpacing]);
    // "payment done!!!" to the transaction id: the same step again (the divider comes before it).
    expect(paidSpacing[5]).toBe(factSpacing);

    // On a phone: nothing sideways, the buttons on screen, the transaction id on one line.
    await page.setViewportSize(PHONE);
    await page.reload();
    await cards.getByText(`Transaction id: ${transactionId}`, { exact: true }).waitFor();
    expect(await layoutProblems(page, '/dashboard/myorders')).toEqual([]);
    expect(await buttonNames(page)).toContain('Cancel Order');
    const idLine = cards.getByText(transactionId, { exact: true });
    expect(await textNodesBrokenAcrossLines(page, `[data-testid="order-card"] span.font-mono`)).toEqual([]);
    expect((await idLine.boundingBox())!.height).toBeLessThan(24);
  });

  it('opens each footer page from the footer with its text, and an owner\'s own text', async () => {
    const contact = '## Call us\n\nRing **0800 555 0199** between nine and five.';
    mkdirSync(path.join(journey.shop.dataDir, 'pages'), { recursive: true });
    writeFileSync(path.join(journey.shop.dataDir, 'pages', 'contact.md'), contact);
    const { page } = await journey.open(PHONE);
    await page.goto('/home');
    const footer = page.locator('footer');
    await footer.getByText('Newsletter coming soon', { exact: true }).waitFor();
    for (const shopPage of SHOP_PAGES) {
      await footer.getByRole('link', { name: shopPage.title, exact: true }).click();
      await page.waitForURL((url) => url.pathname === shopPagePath(shopPage.slug));
      await page.getByRole('heading', { level: 1, name: shopPage.title }).waitFor();
      if (shopPage.slug === 'contact') {
        await page.getByRole('heading', { level: 2, name: 'Call us' }).waitFor();
        await page.getByText('Ring 0800 555 0199 between nine and five.', { exact: true }).waitFor();
      } else {
        // The default's first sentence, as shipped.
        const shipped = readFileSync(path.resolve(import.meta.dirname, `../apps/server/content/pages/${shopPage.slug}.md`), 'utf8');
        const firstSentence = shipped.split('\n')[0]!.split('. ')[0]!;
        await page.getByText(firstSentence, { exact: false }).first().waitFor();
      }
      expect(await layoutProblems(page, shopPagePath(shopPage.slug))).toEqual([]);
    }
    // Rendered on the server too: the page's text is in the first answer.
    const html = await (await fetch(`${journey.shop.url}/contact`)).text();
    expect(html).toContain('Ring <strong>0800 555 0199</strong> between nine and five.');
    expect(html).toContain('<title>Contact — Voltline Tools</title>');
  });

  it('takes "+44 20 7946 0958" in the purchase form and places the order', async () => {
    const session = await journey.open(PHONE);
    const { page } = session;
    await signUpCustomer(session.context, journey.shop.url);
    const [tool] = await fetchTools(journey.shop.url);
    await page.goto(`/purchase/${tool!._id}`);
    const phone = page.getByLabel('Phone', { exact: true });
    expect(await phone.getAttribute('type')).toBe('tel');
    await phone.fill('+44 20 7946 0958');
    await fillDeliveryAddress(page);
    await page.getByRole('button', { name: 'Order and pay', exact: true }).click();
    await page.waitForURL(/\/payment\//);
    await page.getByText('+44 20 7946 0958', { exact: true }).waitFor();
    expect(await layoutProblems(page, '/payment')).toEqual([]);
  });
});
