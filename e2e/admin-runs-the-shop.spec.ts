import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { ADMIN_ENV, signUpOverHttp } from '@voltline/test-kit/customers';
import { fetchTools, placeOrderOverHttp, placePaidOrderOverHttp } from '@voltline/test-kit/orders';
import type { BrowserSession } from './support/browser.ts';
import { shopJourney } from './support/journey.ts';
import { makePng, toast } from './support/orders.ts';

/** An admin runs the shop: ships and cancels orders, exports them, and keeps the catalogue. */
describe('running the shop as an admin', () => {
  const journey = shopJourney({ env: ADMIN_ENV });
  let session: BrowserSession;
  let tools: Tool[];
  // One customer's orders, placed in beforeAll: two paid (pending delivery) and one unpaid.
  let paidTools: [Tool, Tool];
  let unpaidTool: Tool;
  let paidOrderIds: string[];

  beforeAll(async () => {
    tools = await fetchTools(journey.shop.url);
    paidTools = [tools[0]!, tools[1]!];
    unpaidTool = tools[2]!;
    const api = await signUpOverHttp(journey.shop.url);
    await placeOrderOverHttp(api, unpaidTool);
    paidOrderIds = [];
    for (const tool of paidTools) {
      const orderId = await placePaidOrderOverHttp(api, tool);
      paidOrderIds.push(orderId);
    }
  });

  async function openAsAdmin(path: string): Promise<Page> {
    session = await journey.openAsAdmin(path);
    return session.page;
  }

  const orderRows = (page: Page) => page.locator('[data-testid="order-row"]');
  // The Product cell names the order's number above its tool (issue 43).
  const orderRowOf = (page: Page, tool: Tool) => orderRows(page).filter({ has: page.locator('td:first-child').getByText(tool.toolName, { exact: true }) });
  const toolRowOf = (page: Page, toolName: string) =>
    page.locator('[data-testid="tool-row"]').filter({ has: page.getByRole('cell', { name: toolName, exact: true }) });
  /** The products of the order rows on screen, once the list has settled on `count` rows (0: "No order found"). */
  async function productsShown(page: Page, count: number): Promise<string[]> {
    // While another filter's page loads, the rows of the one before stay on screen, marked busy.
    await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    if (count === 0) {
      await page.getByText('No order found', { exact: true }).waitFor();
      return [];
    }
    await expect.poll(() => orderRows(page).count()).toBe(count);
    return (await orderRows(page).locator('td:first-child').allTextContents()).map((cell) => cell.replace(/^VL-\d+/, '')).sort();
  }
  async function showOrders(page: Page, filter: string): Promise<void> {
    const button = page.getByRole('group', { name: 'Show orders' }).getByRole('button', { name: filter, exact: true });
    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
  }
  /** Minimum order quantity, available quantity and price, as the Manage Tools row shows them. */
  async function toolRowNumbers(page: Page, toolName: string): Promise<string[]> {
    const row = toolRowOf(page, toolName);
    await row.waitFor();
    return (await row.getByRole('cell').allTextContents()).slice(2, 5);
  }

  describe('orders', () => {
    // These run in order on one shop: the filters are checked before anything is shipped or cancelled.
    it('shows each filter’s orders, and No order found for a filter without any', async () => {
      const page = await openAsAdmin('/dashboard/manageorders');
      await page.getByRole('heading', { name: 'Manage All Orders' }).waitFor();
      const paidNames = paidTools.map((tool) => tool.toolName).sort();

      await showOrders(page, 'Pending orders');
      expect(await productsShown(page, 2)).toEqual(paidNames);
      await showOrders(page, 'Shipped orders');
      expect(await productsShown(page, 0)).toEqual([]);
      await showOrders(page, 'Unpaid orders');
      expect(await productsShown(page, 1)).toEqual([unpaidTool.toolName]);
      await showOrders(page, 'All orders');
      expect(await productsShown(page, 3)).toEqual([...paidNames, unpaidTool.toolName].sort());
    });

    it('ships a paid order and lowers the tool’s stock by exactly the order quantity', async () => {
      const [tool] = paidTools;
      const page = await openAsAdmin('/dashboard/managetools');
      const [, stockBefore] = await toolRowNumbers(page, tool.toolName);

      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage All Orders' }).click();
      await showOrders(page, 'Pending orders');
      const row = orderRowOf(page, tool);
      const quantity = Number(await row.getByRole('cell').nth(2).textContent());
      expect(quantity).toBe(tool.minimumOrderQuantity);
      await row.getByRole('button', { name: 'Deliver', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Deliver order' });
      await dialog.getByRole('button', { name: 'Confirm delivery', exact: true }).click();
      await toast(page, 'Order shipped successfully').waitFor();
      await dialog.waitFor({ state: 'detached' });

      await showOrders(page, 'Shipped orders');
      expect(await productsShown(page, 1)).toEqual([tool.toolName]);
      await row.getByText('Product delivered', { exact: true }).waitFor();
      expect(await row.getByRole('button', { name: 'Deliver' }).count()).toBe(0);

      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Tools' }).click();
      await expect.poll(async () => (await toolRowNumbers(page, tool.toolName))[1]).toBe(String(Number(stockBefore) - quantity));
    });

    it('cancels the unpaid order after confirming, keeps it under All orders marked canceled and under Canceled orders, and shows a shipped order’s history', async () => {
      const page = await openAsAdmin('/dashboard/manageorders');
      await showOrders(page, 'All orders');
      await productsShown(page, 3);

      await orderRowOf(page, unpaidTool).getByRole('button', { name: 'Cancel', exact: true }).click();
      const cancelDialog = page.getByRole('dialog', { name: 'Cancel this order?' });
      await cancelDialog.getByRole('button', { name: 'Yes, cancel', exact: true }).click();
      await toast(page, 'Order canceled').waitFor();
      await cancelDialog.waitFor({ state: 'detached' });
      // Issue 26: a cancelled order stays on the books, marked, with nothing left to do.
      await orderRowOf(page, unpaidTool).getByRole('cell', { name: 'canceled', exact: true }).waitFor();
      await expect.poll(() => orderRowOf(page, unpaidTool).getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
      expect(await productsShown(page, 3)).toHaveLength(3);
      await showOrders(page, 'Canceled orders');
      expect(await productsShown(page, 1)).toEqual([unpaidTool.toolName]);
      await showOrders(page, 'All orders');
      await productsShown(page, 3);

      await orderRowOf(page, paidTools[0]).getByRole('button', { name: 'History', exact: true }).click();
      const history = page.getByRole('dialog', { name: 'Order history' });
      await history.getByRole('listitem').first().waitFor();
      const events = await history.getByRole('listitem').allTextContents();
      expect(events.map((event) => event.split(' ')[0])).toEqual(['placed', 'paid', 'shipped']);
      await history.getByRole('button', { name: 'Close', exact: true }).click();
      await history.waitFor({ state: 'detached' });
    });

    it('exports the listed orders as CSV, one line per order', async () => {
      const page = await openAsAdmin('/dashboard/manageorders');
      await showOrders(page, 'All orders');
      const listed = await productsShown(page, 3);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV', exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('voltline-orders-all.csv');
      const csv = await readFile((await download.path())!, 'utf8');
      const lines = csv.split('\r\n').filter((line) => line !== '');
      expect(lines[0]).toMatch(/^_id,purchaseDate,product/);
      expect(lines).toHaveLength(listed.length + 1);
      for (const orderId of paidOrderIds) expect(lines.filter((line) => line.startsWith(`${orderId},`))).toHaveLength(1);
    });
  });

  describe('the catalogue', () => {
    it('edits a tool’s stock, minimum order quantity and price', async () => {
      const tool = tools[3]!;
      const page = await openAsAdmin('/dashboard/managetools');
      await toolRowOf(page, tool.toolName).getByRole('button', { name: `Edit ${tool.toolName}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Update tool' });
      await dialog.getByLabel('Available quantity', { exact: true }).fill('77');
      await dialog.getByLabel('Minimum order quantity', { exact: true }).fill('7');
      await dialog.getByLabel('Unit price', { exact: true }).fill('321');
      await dialog.getByRole('button', { name: 'Update', exact: true }).click();
      await toast(page, 'Tool updated successfully').waitFor();
      await dialog.waitFor({ state: 'detached' });

      await expect.poll(() => toolRowNumbers(page, tool.toolName)).toEqual(['7', '77', '$321.00']);
    });

    it('receives a batch and corrects a count in the Stock dialog; the history shows both with the stock after each', async () => {
      const tool = tools[5]!;
      const page = await openAsAdmin('/dashboard/managetools');
      const stock = Number((await toolRowNumbers(page, tool.toolName))[1]!.replace(/,/g, ''));
      await toolRowOf(page, tool.toolName).getByRole('button', { name: `Stock of ${tool.toolName}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Stock' });
      await dialog.getByLabel('Units received', { exact: true }).fill('50');
      await dialog.getByLabel('Note (batch number, optional)', { exact: true }).fill('batch B-2026-11');
      await dialog.getByRole('button', { name: 'Receive stock', exact: true }).click();
      await toast(page, `Stock received: ${(stock + 50).toLocaleString('en-US')} in stock`).waitFor();

      await dialog.getByLabel('What happened', { exact: true }).selectOption('counted');
      await dialog.getByLabel('Counted units', { exact: true }).fill(String(stock + 47));
      await dialog.getByLabel('Note (why)', { exact: true }).fill('November count');
      await dialog.getByRole('button', { name: 'Correct count', exact: true }).click();
      await toast(page, `Count recorded: ${(stock + 47).toLocaleString('en-US')} in stock`).waitFor();

      const moves = dialog.getByTestId('stock-move');
      await expect.poll(() => moves.count()).toBe(3);
      const cells = async (index: number) => (await moves.nth(index).getByRole('cell').allTextContents()).slice(1, 5);
      expect(await cells(0)).toEqual(['Counted', '-3', (stock + 47).toLocaleString('en-US'), 'November count']);
      expect(await cells(1)).toEqual(['Received', '+50', (stock + 50).toLocaleString('en-US'), 'batch B-2026-11']);
      expect((await cells(2)).slice(0, 3)).toEqual(['Opening stock', `+${stock.toLocaleString('en-US')}`, stock.toLocaleString('en-US')]);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect.poll(() => toolRowNumbers(page, tool.toolName).then((numbers) => numbers[1])).toBe(String(stock + 47));
    });

    it('deletes a tool only after typing DELETE, and it leaves the storefront', async () => {
      const tool = tools[4]!;
      const page = await openAsAdmin('/dashboard/managetools');
      const row = toolRowOf(page, tool.toolName);
      await row.getByRole('button', { name: `Delete ${tool.toolName}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete tool' });
      const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
      const typed = dialog.getByLabel('Type DELETE to confirm');
      await dialog.waitFor();
      expect(await confirm.isDisabled()).toBe(true);
      for (const almost of ['delete', 'DELET', 'DELETE ']) {
        await typed.fill(almost);
        expect(await confirm.isDisabled()).toBe(true);
      }
      await typed.fill('DELETE');
      await expect.poll(() => confirm.isEnabled()).toBe(true);
      await confirm.click();
      await toast(page, 'Tool has been deleted').waitFor();
      await row.waitFor({ state: 'detached' });

      await page.goto('/');
      const cards = page.locator('[data-testid="tool-card"]');
      await cards.first().waitFor();
      await page.getByRole('button', { name: 'Show more', exact: true }).click();
      await expect.poll(() => cards.count()).toBe(tools.length - 1);
      expect(await cards.filter({ has: page.getByRole('heading', { name: tool.toolName, exact: true }) }).count()).toBe(0);
    });

    it('adds a tool with an uploaded picture, shown first on the home page', async () => {
      const page = await openAsAdmin('/dashboard/addtool');
      const toolName = `Voltline E2E-${Date.now()} Test Drill`;
      await page.getByLabel('Tool name', { exact: true }).fill(toolName);
      await page.getByLabel('Description', { exact: true }).fill('A drill added by the browser tests, with a generated picture.');
      await page.getByLabel('Minimum order quantity', { exact: true }).fill('3');
      await page.getByLabel('Available quantity', { exact: true }).fill('30');
      await page.getByLabel('Unit price', { exact: true }).fill('99');
      await page.getByLabel('Image', { exact: true }).setInputFiles(await makePng());
      await page.getByRole('button', { name: 'Add tool', exact: true }).click();
      await toast(page, 'Tool added successfully').waitFor();

      await page.goto('/');
      const firstCard = page.locator('[data-testid="tool-card"]').first();
      await firstCard.getByRole('heading', { name: toolName, exact: true }).waitFor();
      await firstCard.getByText('Unit price: $99.00', { exact: true }).waitFor();
      const image = firstCard.getByRole('img', { name: toolName, exact: true });
      expect(await image.getAttribute('src')).toMatch(/^\/api\/images\//);
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    });
  });
});
