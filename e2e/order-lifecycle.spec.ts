import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@voltline/shared/money';
import { orderQuantityMessages, refundMessages } from '@voltline/shared/order';
import { minimumAboveStockWarning, payableToolMessage, type Tool } from '@voltline/shared/tool';
import { ADMIN, ADMIN_ENV, newCustomer, signInInContext, signUpOverHttp, type Customer } from '@voltline/test-kit/customers';
import { signInOverHttp, type ApiSession } from '@voltline/test-kit/api-client';
import { fetchTools, homeOrderFigures, placeOrderOverHttp, placePaidOrderOverHttp } from '@voltline/test-kit/orders';
import { takeProblems, type BrowserSession } from './support/browser.ts';
import { shopJourney } from './support/journey.ts';
import { toast } from './support/orders.ts';

/**
 * Issue 14, in the browser: stock promised to paid orders cannot be ordered again, an admin refunds
 * a paid order, and the buyer keeps seeing cancelled and refunded orders with their state.
 */
describe('an order’s life: out of stock, refunds and cancelled orders', () => {
  const journey = shopJourney({ env: { ...ADMIN_ENV, AUTH_RATE_LIMIT_MAX: '100' } });
  let session: BrowserSession;
  let tools: Tool[];
  let admin: ApiSession;

  beforeAll(async () => {
    tools = await fetchTools(journey.shop.url);
    admin = await signInOverHttp(journey.shop.url, ADMIN.email, ADMIN.password);
  });

  async function newBuyer(): Promise<{ customer: Customer; api: ApiSession }> {
    const customer = newCustomer();
    const api = await signUpOverHttp(journey.shop.url, customer);
    return { customer, api };
  }

  async function openSignedIn(email: string, password: string, path: string): Promise<Page> {
    session = await journey.open();
    await signInInContext(session.context, journey.shop.url, email, password);
    await session.page.goto(path);
    return session.page;
  }

  const toolCardOf = (page: Page, tool: Tool) =>
    page.locator('[data-testid="tool-card"]').filter({ has: page.getByRole('heading', { name: tool.toolName, exact: true }) });
  const orderRowOf = (page: Page, buyerEmail: string) => page.locator('[data-testid="order-row"]').filter({ hasText: buyerEmail });

  it('offers no order of a tool whose stock paid orders hold, and tells a late payer in words', async () => {
    const tool = tools[0]!;
    // Two units, both promised once the first buyer pays; the second buyer's order was placed before.
    const limits = { availableQuantity: 2, minimumOrderQuantity: 2, price: tool.price };
    expect((await admin.call('PATCH', `/api/updateTool/${tool._id}`, limits)).status).toBe(200);
    const late = await newBuyer();
    const lateOrderId = await placeOrderOverHttp(late.api, { ...tool, ...limits });
    const first = await newBuyer();
    await placePaidOrderOverHttp(first.api, { ...tool, ...limits });

    const page = await openSignedIn(late.customer.email, late.customer.password, '/');
    const card = toolCardOf(page, tool);
    await card.getByText('Out of stock', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Place order', exact: true }).isDisabled()).toBe(true);
    expect(await card.getByRole('link', { name: 'Place order' }).count()).toBe(0);

    await page.goto(`/tools/${tool._id}`);
    await page.getByRole('heading', { level: 1, name: tool.toolName }).waitFor();
    await page.getByText('Out of stock', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Place order', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Place order' }).count()).toBe(0);

    await page.goto(`/purchase/${tool._id}`);
    await page.getByText('Out of stock', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Order and pay', exact: true }).isDisabled()).toBe(true);

    // The order placed before the stock ran out cannot be paid: the card form's intent is refused in words.
    await page.goto(`/payment/${lateOrderId}`);
    await page.getByText(orderQuantityMessages.onlyLeft(0), { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Pay', exact: true }).isDisabled()).toBe(true);
    expect(takeProblems(session, 409)).toBeGreaterThan(0);
  });

  describe('a refund', () => {
    // These run in order on one order: the admin refunds it, then its buyer looks at My Orders.
    let buyer: { customer: Customer; api: ApiSession };
    let tool: Tool;
    let paidOrderId: string;
    let price: number;
    let restAfterOne: () => number;

    beforeAll(async () => {
      tool = tools[1]!;
      buyer = await newBuyer();
      paidOrderId = await placePaidOrderOverHttp(buyer.api, tool);
      // What was paid: the goods and the delivery to the shop's own country (issue 29).
      price = homeOrderFigures(tool.minimumOrderQuantity * tool.price).total;
      // In cents: $24.41 - $1 is $23.41, not 23.409999999999997.
      restAfterOne = () => (Math.round(price * 100) - 100) / 100;
      expect(price).toBeGreaterThan(1);
    });

    it('lets an admin refund part of a paid order, and shows the refusal in words when the rest was refunded meanwhile', async () => {
      const page = await openSignedIn(ADMIN.email, ADMIN.password, '/dashboard/manageorders');
      await page.getByRole('heading', { name: 'Manage All Orders' }).waitFor();
      const row = orderRowOf(page, buyer.customer.email);

      await row.getByRole('button', { name: 'Refund', exact: true }).click();
      const form = page.getByRole('dialog', { name: 'Refund order' });
      const amount = form.getByLabel('Amount ($)', { exact: true });
      expect(await amount.inputValue()).toBe(String(price));
      await amount.fill(String((Math.round(price * 100) + 100) / 100));
      await form.getByLabel('Reason', { exact: true }).fill('Scratched case');
      await form.getByRole('button', { name: 'Continue', exact: true }).click();
      await form.getByText(refundMessages.pastTotal(price), { exact: true }).waitFor();
      await amount.fill('1');
      await form.getByRole('button', { name: 'Continue', exact: true }).click();

      const confirm = page.getByRole('dialog', { name: 'Refund this order?' });
      await confirm.getByText('Reason: Scratched case', { exact: true }).waitFor();
      await confirm.getByRole('button', { name: `Yes, refund ${formatMoney(1)}`, exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      await row.getByText(`Partly refunded: ${formatMoney(1)}`, { exact: true }).waitFor();
      expect(await row.getByRole('button', { name: 'Deliver', exact: true }).count()).toBe(1);

      // The rest, asked for in the browser while another admin refunds it over the API.
      await row.getByRole('button', { name: 'Refund', exact: true }).click();
      expect(await form.getByLabel('Amount ($)', { exact: true }).inputValue()).toBe(String(restAfterOne()));
      await form.getByLabel('Reason', { exact: true }).fill('Arrived too late');
      await form.getByRole('button', { name: 'Continue', exact: true }).click();
      const rest = await admin.call('POST', `/api/adminPurchased/${paidOrderId}/refund`, { reason: 'Customer called' });
      expect(rest.body).toMatchObject({ refundedAmount: price, status: 'refunded' });
      await confirm.getByRole('button', { name: `Yes, refund ${formatMoney(restAfterOne())}`, exact: true }).click();
      await confirm.getByText(refundMessages.alreadyRefunded, { exact: true }).waitFor();
      expect(takeProblems(session, 409)).toBe(1);
      await confirm.getByRole('button', { name: 'No', exact: true }).click();

      // Refunded in full before shipping, the order is cancelled: All orders keeps it, marked (issue 26), and so does the Refunded filter.
      await row.getByRole('cell', { name: 'canceled', exact: true }).waitFor();
      const refunded = page.getByRole('group', { name: 'Show orders' }).getByRole('button', { name: 'Refunded orders', exact: true });
      await refunded.click();
      await row.getByText('refunded', { exact: true }).waitFor();
      await row.getByRole('cell', { name: 'canceled', exact: true }).waitFor();
      expect(await row.getByRole('button', { name: /^(Refund|Deliver|Cancel)$/ }).count()).toBe(0);
    });

    it('shows its buyer the order as Refunded on My Orders, with nothing to pay or cancel', async () => {
      const page = await openSignedIn(buyer.customer.email, buyer.customer.password, '/dashboard/myorders');
      const card = page.locator('[data-testid="order-card"]').filter({ has: page.getByRole('heading', { name: tool.toolName }) });
      await card.getByText('Refunded', { exact: true }).waitFor();
      expect(await card.getByRole('link', { name: 'Pay Order' }).count()).toBe(0);
      expect(await card.getByRole('button', { name: 'Cancel Order' }).count()).toBe(0);
    });
  });

  it('keeps an order an admin cancelled in its buyer’s My Orders, as Canceled', async () => {
    const tool = tools[2]!;
    const buyer = await newBuyer();
    const orderId = await placeOrderOverHttp(buyer.api, tool);
    expect((await admin.call('DELETE', `/api/deletOrder/${orderId}`)).status).toBe(200);

    const page = await openSignedIn(buyer.customer.email, buyer.customer.password, '/dashboard/myorders');
    const card = page.locator('[data-testid="order-card"]');
    await card.getByText('Canceled', { exact: true }).waitFor();
    expect(await card.count()).toBe(1);
    expect(await card.getByRole('link', { name: 'Pay Order' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Cancel Order' }).count()).toBe(0);
  });

  it('tells an admin before saving that a price and minimum order no card could pay for are refused, and after saving that customers cannot order', async () => {
    const tool = tools[3]!;
    const page = await openSignedIn(ADMIN.email, ADMIN.password, '/dashboard/managetools');
    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/api/updateTool/')) updates.push(request.url());
    });
    const row = page.locator('[data-testid="tool-row"]').filter({ has: page.getByRole('cell', { name: tool.toolName, exact: true }) });
    await row.getByRole('button', { name: `Edit ${tool.toolName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Update tool' });
    await dialog.getByLabel('Available quantity', { exact: true }).fill('2');
    await dialog.getByLabel('Minimum order quantity', { exact: true }).fill('2');
    await dialog.getByLabel('Unit price', { exact: true }).fill('500000');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await dialog.getByText(payableToolMessage(), { exact: true }).waitFor();
    expect(updates).toEqual([]);

    // Allowed, but warned: a minimum above the stock shuts customers out until more arrives.
    await dialog.getByLabel('Unit price', { exact: true }).fill('40');
    await dialog.getByLabel('Minimum order quantity', { exact: true }).fill('5');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await toast(page, 'Tool updated successfully').waitFor();
    await toast(page, minimumAboveStockWarning(5, 2)).waitFor();
    expect(updates).toHaveLength(1);
  });
});
