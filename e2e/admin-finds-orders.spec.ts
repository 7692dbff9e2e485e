import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOOLS_SHOWN_INITIALLY } from '@voltline/shared/shop-constants';
import type { Tool } from '@voltline/shared/tool';
import { ADMIN, ADMIN_ENV, newCustomer, signUpOverHttp, type Customer } from '@voltline/test-kit/customers';
import { signInOverHttp } from '@voltline/test-kit/api-client';
import { fetchTools, payOrderOverHttp, placeOrderOverHttp } from '@voltline/test-kit/orders';
import { addToolOverHttp } from '@voltline/test-kit/tools';
import { takeProblems, type BrowserSession } from './support/browser.ts';
import { shopJourney } from './support/journey.ts';

/** Rows per page of the back-office tables (apps/web/src/lib/list-address.ts). */
const TABLE_PAGE_SIZE = 20;

/**
 * An admin finds orders in a shop with more of them than one page holds: pages forward and back,
 * searches by buyer and by order id, and keeps the view on a reload; a visitor pages the storefront.
 */
describe('finding orders and tools page by page', () => {
  const journey = shopJourney({ env: ADMIN_ENV });
  let session: BrowserSession;
  // 25 orders: 13 from Ann (the first 3 paid, so pending delivery), 12 unpaid from Bob.
  let ann: Customer;
  let bob: Customer;
  let annPaidOrders: { id: string; tool: Tool }[];
  let catalogueSize: number;

  beforeAll(async () => {
    const shopUrl = journey.shop.url;
    const tools = await fetchTools(shopUrl);
    ann = newCustomer();
    bob = newCustomer();
    const annApi = await signUpOverHttp(shopUrl, ann);
    const bobApi = await signUpOverHttp(shopUrl, bob);
    annPaidOrders = [];
    // One tool per order and buyer, so each row's product and buyer tell it apart.
    for (let index = 0; index < 13; index += 1) {
      const tool = tools[index]!;
      const id = await placeOrderOverHttp(annApi, tool);
      if (index < 3) {
        await payOrderOverHttp(annApi, id);
        annPaidOrders.push({ id, tool });
      }
    }
    for (let index = 0; index < 12; index += 1) await placeOrderOverHttp(bobApi, tools[index]!);

    // More tools than the storefront's first pages hold: 6, then 12 per Show more.
    const admin = await signInOverHttp(shopUrl, ADMIN.email, ADMIN.password);
    for (let index = 1; index <= 15; index += 1) {
      await addToolOverHttp(admin, { toolName: `Paging Test Lamp ${index}`, img: '/images/tools/led-work-light.svg', price: 40 + index });
    }
    catalogueSize = (await fetchTools(shopUrl)).length;
  });

  async function openAsAdmin(path: string): Promise<Page> {
    session = await journey.openAsAdmin(path);
    return session.page;
  }

  const orderRows = (page: Page) => page.locator('[data-testid="order-row"]');
  const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search orders' });
  const pages = (page: Page) => page.getByRole('navigation', { name: 'Order pages' });
  /** Each row's text (product, buyer, ...) once the table has settled on `count` rows. */
  async function rowsShown(page: Page, count: number): Promise<string[]> {
    await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    await expect.poll(() => orderRows(page).count()).toBe(count);
    return orderRows(page).allTextContents();
  }
  async function showOrders(page: Page, filter: string): Promise<void> {
    const button = page.getByRole('group', { name: 'Show orders' }).getByRole('button', { name: filter, exact: true });
    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
  }

  it('pages through all orders with Next and Previous, and keeps the page on a reload and in the history', async () => {
    const page = await openAsAdmin('/dashboard/manageorders');
    const firstPage = await rowsShown(page, TABLE_PAGE_SIZE);
    await pages(page).getByText(`Showing 1-${TABLE_PAGE_SIZE}`, { exact: true }).waitFor();
    expect(await pages(page).getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await pages(page).getByRole('button', { name: 'Next', exact: true }).click();
    const secondPage = await rowsShown(page, 25 - TABLE_PAGE_SIZE);
    await pages(page).getByText(`Showing 21-25`, { exact: true }).waitFor();
    expect(await pages(page).getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // Newest first, and no order on both pages.
    expect(new Set([...firstPage, ...secondPage]).size).toBe(25);
    expect(new URL(page.url()).searchParams.getAll('cursor')).toHaveLength(1);

    await page.reload();
    expect(await rowsShown(page, 5)).toEqual(secondPage);

    await pages(page).getByRole('button', { name: 'Previous', exact: true }).click();
    expect(await rowsShown(page, TABLE_PAGE_SIZE)).toEqual(firstPage);
    expect(new URL(page.url()).searchParams.has('cursor')).toBe(false);
    // Each page is a step in the browser's history.
    await page.goBack();
    expect(await rowsShown(page, 5)).toEqual(secondPage);
  });

  it('starts again from the first page when a page link was changed', async () => {
    const page = await openAsAdmin('/dashboard/manageorders?cursor=changed.by-hand');
    await page.getByRole('alert').filter({ hasText: 'This page link is not valid' }).waitFor();
    // The refusal is a 400 answer, which Chromium logs.
    expect(takeProblems(session, 400)).toBe(1);
    await page.getByRole('button', { name: 'First page', exact: true }).click();
    await rowsShown(page, TABLE_PAGE_SIZE);
  });

  it('searches by buyer email within a filter, keeps both on a reload, and exports just those orders', async () => {
    const page = await openAsAdmin('/dashboard/manageorders');
    await rowsShown(page, TABLE_PAGE_SIZE);
    await showOrders(page, 'Unpaid orders');
    await searchBox(page).fill(bob.email);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(bob.email);
    const bobsOrders = await rowsShown(page, 12);
    for (const row of bobsOrders) expect(row).toContain(bob.email);
    // One page: nothing to page through.
    expect(await pages(page).count()).toBe(0);

    await page.reload();
    expect(await rowsShown(page, 12)).toEqual(bobsOrders);
    expect(await searchBox(page).inputValue()).toBe(bob.email);
    const unpaid = page.getByRole('group', { name: 'Show orders' }).getByRole('button', { name: 'Unpaid orders', exact: true });
    expect(await unpaid.getAttribute('aria-pressed')).toBe('true');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV', exact: true }).click()]);
    expect(download.suggestedFilename()).toBe('voltline-orders-unpaid.csv');
    const lines = (await readFile((await download.path())!, 'utf8')).split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(12 + 1);
    for (const line of lines.slice(1)) expect(line).toContain(bob.email);

    // Ann's orders are not unpaid-and-Bob's: the same search in another filter finds none.
    await showOrders(page, 'Pending orders');
    await page.getByText('No order found', { exact: true }).waitFor();
    expect(await searchBox(page).inputValue()).toBe(bob.email);
  });

  it('finds one order by its id', async () => {
    const [{ id, tool }] = annPaidOrders as [{ id: string; tool: Tool }];
    const page = await openAsAdmin('/dashboard/manageorders?delivery=pending');
    await rowsShown(page, annPaidOrders.length);
    await searchBox(page).fill(id);
    const [row] = await rowsShown(page, 1);
    expect(row).toContain(tool.toolName);
    expect(row).toContain(ann.email);

    await searchBox(page).fill('nobody-by-this-name');
    await page.getByText('No order found', { exact: true }).waitFor();
  });

  it('shows the storefront 6 tools at a time with Show more until the catalogue ends, and Show less', async () => {
    session = await journey.open();
    const { page } = session;
    await page.goto('/');
    const cards = page.locator('[data-testid="tool-card"]');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(TOOLS_SHOWN_INITIALLY);

    const showMore = page.getByRole('button', { name: 'Show more', exact: true });
    const showLess = page.getByRole('button', { name: 'Show less', exact: true });
    expect(await showLess.count()).toBe(0);
    let clicks = 0;
    while ((await showMore.count()) > 0) {
      const before = await cards.count();
      await showMore.click();
      clicks += 1;
      await expect.poll(() => cards.count()).toBeGreaterThan(before);
      expect(await showLess.count()).toBe(1);
    }
    expect(await cards.count()).toBe(catalogueSize);
    // 6, then 12 more at a time: the catalogue took more than one further page.
    expect(clicks).toBe(Math.ceil((catalogueSize - TOOLS_SHOWN_INITIALLY) / 12));
    expect(clicks).toBeGreaterThan(1);
    const names = await cards.locator('h3').allTextContents();
    expect(new Set(names).size).toBe(catalogueSize);

    await showLess.click();
    await expect.poll(() => cards.count()).toBe(TOOLS_SHOWN_INITIALLY);
    // Back at the top of the tools, with the focus on Show more.
    const heading = page.getByRole('heading', { name: 'Our Tools', exact: true });
    await expect.poll(() => heading.evaluate((element) => element.getBoundingClientRect().top >= 0)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Show more');

    // Pages already loaded show again without asking the server.
    const toolRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/getTools') toolRequests.push(request.url());
    });
    await showMore.click();
    await expect.poll(() => cards.count()).toBe(TOOLS_SHOWN_INITIALLY + 12);
    expect(toolRequests).toEqual([]);
  });
});
