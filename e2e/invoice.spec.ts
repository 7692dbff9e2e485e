import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@voltline/shared/money';
import { pdfText } from '@voltline/test-kit/pdf-text';
import { ADMIN, ADMIN_ENV, signInInContext } from '@voltline/test-kit/customers';
import { signInOverHttp } from '@voltline/test-kit/api-client';
import { fetchTools, homeOrderFigures, placeOrderOverHttp, placePaidOrderOverHttp } from '@voltline/test-kit/orders';
import { shopJourney } from './support/journey.ts';
import { CARDS, payWithCard, signUpCustomer } from './support/orders.ts';

/** A business customer pays for a tool and takes the invoice for their books from My Orders. */
describe('an invoice for every paid order', () => {
  const journey = shopJourney({ env: { ...ADMIN_ENV, SHOP_LEGAL_NAME: 'Voltline Tools Ltd', SHOP_TAX_ID: 'GB123456789' } });

  it('pays by card, then downloads the numbered invoice of the order from My Orders', async () => {
    const session = await journey.open();
    const { page, context } = session;
    const { customer, api } = await signUpCustomer(context, journey.shop.url);
    const [tool] = await fetchTools(journey.shop.url);
    const orderId = await placeOrderOverHttp(api, tool!);

    await page.goto('/dashboard/myorders');
    const card = page.locator('[data-testid="order-card"]');
    await card.getByRole('link', { name: 'Pay Order' }).waitFor();
    // No invoice before the payment.
    expect(await card.getByRole('button', { name: 'Download invoice' }).count()).toBe(0);

    await page.goto(`/payment/${orderId}`);
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await payWithCard(page, CARDS.accepted);
    await page.getByText('Congrats! your payment is completed', { exact: true }).waitFor();

    await page.goto('/dashboard/myorders');
    await card.getByText('payment done!!!', { exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download invoice' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
    const number = download.suggestedFilename().replace('.pdf', '');
    const text = await pdfText(await readFile((await download.path())!));
    for (const fact of [number, 'Voltline Tools Ltd', 'GB123456789', customer.name, customer.email, tool!.toolName, `Total: ${formatMoney(homeOrderFigures(tool!.minimumOrderQuantity * tool!.price).total)}`, 'Paid']) {
      expect(text).toContain(fact);
    }
    // Nothing was refunded: there is no credit note to offer.
    expect(await card.getByRole('button', { name: 'Download credit note' }).count()).toBe(0);
  });

  it('lets the admin download the credit note of a refund from the order row in Manage All Orders', async () => {
    const session = await journey.open();
    const { page, context } = session;
    const { customer, api } = await signUpCustomer(context, journey.shop.url);
    const [, tool] = await fetchTools(journey.shop.url);
    const orderId = await placePaidOrderOverHttp(api, tool!);
    const admin = await signInOverHttp(journey.shop.url, ADMIN.email, ADMIN.password);
    expect((await admin.call('POST', `/api/adminPurchased/${orderId}/refund`, { amount: 1, reason: 'Scratched case' })).status).toBe(200);

    await context.clearCookies();
    await signInInContext(context, journey.shop.url, ADMIN.email, ADMIN.password);
    await page.goto(`/dashboard/manageorders?q=${encodeURIComponent(customer.email)}`);
    const row = page.locator('[data-testid="order-row"]').filter({ hasText: customer.email });
    // In a row the buttons are short, and their names say which order (issue 26).
    await row.getByRole('button', { name: /^Invoice INV-\d{6}: / }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Credit note for invoice INV-\d{6}: / }).click()]);
    expect(download.suggestedFilename()).toMatch(/^CN-\d{6}\.pdf$/);
    const text = await pdfText(await readFile((await download.path())!));
    for (const fact of ['Credit note', download.suggestedFilename().replace('.pdf', ''), 'Credit for invoice INV-', customer.name, 'Total credited: $1.00', 'Scratched case']) {
      expect(text).toContain(fact);
    }
  });
});
