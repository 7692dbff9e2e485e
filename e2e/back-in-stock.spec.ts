import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stockAlertMessages } from '@voltline/shared/stock-alert-messages';
import { signInOverHttp } from '@voltline/test-kit/api-client';
import { ADMIN, ADMIN_ENV } from '@voltline/test-kit/customers';
import { linkInMail, readOutbox } from '@voltline/test-kit/outbox';
import { addToolOverHttp } from '@voltline/test-kit/tools';
import { AXE_WIDTHS, seriousViolations } from './support/axe.ts';
import { shopJourney } from './support/journey.ts';
import { toast } from './support/orders.ts';

const VISITOR = 'waiting.visitor@example.com';

/**
 * Issue 37, item 4 (decision 045): a visitor asks on an out-of-stock tool's page to hear when it is
 * back; an admin receives a batch in Manage Tools' Stock dialog; the visitor's one mail arrives
 * with the tool's link and a one-click unsubscribe, and the history shows the batch with the stock after it.
 */
describe('back in stock', () => {
  const journey = shopJourney({ env: ADMIN_ENV });

  async function askOnToolPage(page: Page, toolId: string, toolName: string): Promise<void> {
    await page.goto(`/tools/${toolId}`);
    await page.getByText('Out of stock', { exact: true }).waitFor();
    const button = page.getByRole('button', { name: stockAlertMessages.formHeading, exact: true });
    // Drawn by the server; it works once the app has taken the page over.
    await expect.poll(() => button.isEnabled()).toBe(true);
    await page.getByLabel('Email', { exact: true }).fill(VISITOR);
    const sent = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/tools/${toolId}/stock-alerts`);
    await button.click();
    expect((await sent).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: stockAlertMessages.asked(toolName) }).waitFor();
  }

  it('mails the visitor once when an admin receives a batch, with the link to the tool; the history shows it; axe finds nothing serious', async () => {
    const toolName = `Back Soon Crimper ${randomBytes(3).toString('hex')}`;
    const admin = await signInOverHttp(journey.shop.url, ADMIN.email, ADMIN.password);
    const { insertedId: toolId } = (await addToolOverHttp(admin, { toolName, availableQuantity: 0 })) as { insertedId: string };

    // The out-of-stock page with its form, at a laptop's and a phone's width.
    for (const size of AXE_WIDTHS) expect(await seriousViolations(await journey.open(size), `/tools/${toolId}`)).toEqual([]);

    const visitor = await journey.open();
    await askOnToolPage(visitor.page, toolId, toolName);

    const { page } = await journey.openAsAdmin('/dashboard/managetools');
    await page.getByRole('button', { name: `Stock of ${toolName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Stock' });
    await dialog.getByText('Back in stock: 1 waiting for a mail, sent when customers can order it again.').waitFor();
    await dialog.getByLabel('Units received', { exact: true }).fill('12');
    await dialog.getByLabel('Note (batch number, optional)', { exact: true }).fill('batch B-2026-12');
    await dialog.getByRole('button', { name: 'Receive stock', exact: true }).click();
    await toast(page, 'Stock received: 12 in stock').waitFor();
    await dialog.getByText('No one is waiting for a back-in-stock mail.').waitFor();
    const moves = dialog.getByTestId('stock-move');
    await expect.poll(() => moves.count()).toBe(2);
    const cells = async (index: number) => (await moves.nth(index).getByRole('cell').allTextContents()).slice(1, 5);
    expect(await cells(0)).toEqual(['Received', '+12', '12', 'batch B-2026-12']);
    expect((await cells(1)).slice(0, 3)).toEqual(['Opening stock', '0', '0']);

    // The outbox is sent a moment after the batch's transaction: the one mail, to the visitor.
    const mails = () => readOutbox(journey.shop.dataDir).filter((mail) => mail.includes(`To: ${VISITOR}`));
    await expect.poll(() => mails().length, { timeout: 15_000 }).toBe(1);
    const [mail] = mails();
    expect(mail).toContain(`${toolName} is back in stock`);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // The mail's link opens the tool, now on sale, without the form.
    await visitor.page.goto(linkInMail(mail!, '/tools/'));
    await visitor.page.getByRole('heading', { name: toolName, exact: true }).waitFor();
    await visitor.page.getByText('Available to order: 12', { exact: false }).waitFor();
    expect(await visitor.page.getByRole('button', { name: stockAlertMessages.formHeading }).count()).toBe(0);

    // Its unsubscribe link asks first, then stops the mail.
    await visitor.page.goto(linkInMail(mail!, '/api/stock-alerts/unsubscribe'));
    await visitor.page.getByRole('button', { name: 'Stop these mails', exact: true }).click();
    await visitor.page.getByText(stockAlertMessages.unsubscribed).waitFor();

    // A second batch mails nothing more.
    expect((await admin.call('POST', `/api/admin/tools/${toolId}/stock-moves`, { kind: 'received', units: 3 })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(mails()).toHaveLength(1);
  });
});
