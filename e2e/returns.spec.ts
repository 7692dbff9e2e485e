import { describe, expect, it } from 'vitest';
import { ADMIN_ENV, signInInContext } from '@voltline/test-kit/customers';
import { readOutbox } from '@voltline/test-kit/outbox';
import { seriousViolationsShown } from './support/axe.ts';
import { shopJourney } from './support/journey.ts';
import { paidOrderToShip } from './support/parcel-journeys.ts';

const PHONE = { width: 375, height: 812 };
const CARRIER = { name: 'Return Post', trackingUrlTemplate: 'https://track.example/{tracking}' };

/**
 * Issue 38, items 3 and 4 (decision 048): on a phone, two of an order's three lines leave in a parcel
 * with its tracking number and serial numbers; the customer sees the parcel and its tracking link,
 * withdraws one line with the withdrawal button and sees the acknowledgement at once and by mail; the
 * admin authorises the return, receives it back to stock and refunds it on the Returns page; the
 * customer gets the credit note and the tool's stock history shows the unit back. (The Ship dialog
 * itself is shipments.spec.ts's journey.)
 */
describe('a customer withdraws from the contract', () => {
  const journey = shopJourney({ env: ADMIN_ENV });

  it('withdraws one line at 375 px with the button, and the admin authorises, receives with restock and refunds; axe clean', async () => {
    const shopUrl = journey.shop.url;
    const {
      customer,
      admin,
      orderId,
      tools: [first, second, third],
    } = await paidOrderToShip(shopUrl, CARRIER, 0);
    // Two of the three lines leave, the second tool serialised: one serial number per unit.
    expect((await admin.call('PATCH', `/api/admin/tools/${second._id}/warranty`, { serialised: true, warrantyMonths: null })).status).toBe(200);
    const serials = Array.from({ length: second.minimumOrderQuantity }, (_, index) => `RP-${orderId.slice(0, 8)}-${index + 1}`);
    const shipped = await admin.call('POST', `/api/adminPurchased/${orderId}/shipments`, {
      lines: [first, second].map((tool) => ({ toolId: tool._id, quantity: tool.minimumOrderQuantity })),
      carrier: CARRIER.name,
      trackingNumber: 'RP0001',
      serialNumbers: { [second._id]: serials },
    });
    expect(shipped.status).toBe(200);
    // Back to as it was: other journeys of this shop ship this tool without serials.
    expect((await admin.call('PATCH', `/api/admin/tools/${second._id}/warranty`, { serialised: false, warrantyMonths: null })).status).toBe(200);

    // The customer, on a phone: the shipped order's card offers the withdrawal button.
    const session = await journey.open(PHONE);
    await signInInContext(session.context, shopUrl, customer.email, customer.password);
    await session.page.goto('/dashboard/myorders');
    const card = session.page.locator('[data-testid="order-card"]').first();
    // The parcel, its serial numbers and its tracking link; the third line is still to come.
    const parcel = card.locator('[data-testid="parcel"]');
    // In the order of their text, as the parcel lists them.
    await parcel.getByText(`Serial numbers: ${[...serials].sort().join(', ')}`).waitFor();
    expect(await parcel.getByText(third.toolName).count()).toBe(0);
    expect(await parcel.getByRole('link', { name: 'Track parcel 1' }).getAttribute('href')).toBe('https://track.example/RP0001');
    await card.getByRole('button', { name: 'Withdraw from contract' }).click();
    const dialog = session.page.getByRole('dialog', { name: 'Withdraw from contract' });
    await dialog.getByLabel(`${first.toolName}: units to send back`, { exact: false }).fill('1');
    expect(await seriousViolationsShown(session.page, 'the withdrawal dialog at 375 px')).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
    const acknowledgement = card.getByTestId('return-acknowledgement');
    await acknowledgement.getByText('Your withdrawal is received').waitFor();
    await acknowledgement.getByText(`1 x ${first.toolName}`).waitFor();
    const returnNumber = /Return (R-\d+)/.exec((await acknowledgement.textContent()) ?? '')?.[1];
    expect(returnNumber).toBeDefined();
    expect(await acknowledgement.getByText(second.toolName).count()).toBe(0);
    expect(await seriousViolationsShown(session.page, 'My Orders with a withdrawal acknowledged at 375 px')).toEqual([]);
    expect(await session.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The durable acknowledgement: the same by mail, sent a moment after the request's transaction.
    const acknowledgementMail = () => readOutbox(journey.shop.dataDir).find((mail) => mail.includes(`To: ${customer.email}`) && mail.includes(returnNumber!));
    await expect.poll(acknowledgementMail, { timeout: 15_000 }).toBeDefined();
    expect(acknowledgementMail()).toContain('we received your withdrawal from the contract');
    expect(acknowledgementMail()).toContain(`1 x ${first.toolName}`);

    // The admin, on a phone: Returns, the return opened, authorised, received back to stock, refunded.
    const before = (await admin.call('GET', `/api/getTool/${first._id}`)).body.availableQuantity as number;
    const { page } = await journey.openAsAdmin('/dashboard/returns', PHONE);
    await page.getByRole('heading', { name: 'Returns' }).waitFor();
    await page.getByRole('button', { name: `Open ${returnNumber}` }).click();
    const detail = page.getByRole('article', { name: `Return ${returnNumber}` });
    await detail.getByRole('heading', { name: `Return ${returnNumber}: requested` }).waitFor();
    expect(await seriousViolationsShown(page, 'a requested return at 375 px')).toEqual([]);
    await detail.getByLabel('Instructions to send it back, or why it is refused').fill('Send it to 1 Circuit Road with the label RMA');
    await detail.getByRole('button', { name: 'Authorise' }).click();
    await detail.getByRole('heading', { name: `Return ${returnNumber}: authorised` }).waitFor();
    await detail.getByLabel(`1 x ${first.toolName}`).selectOption('restock');
    await detail.getByRole('button', { name: 'Receive' }).click();
    await detail.getByRole('heading', { name: `Return ${returnNumber}: received` }).waitFor();
    await detail.getByRole('button', { name: 'Refund' }).click();
    await detail.getByRole('heading', { name: `Return ${returnNumber}: refunded` }).waitFor();
    await detail.getByText(/^Refunded: \$/).waitFor();
    expect(await seriousViolationsShown(page, 'a refunded return at 375 px')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The unit is back in stock, as a `returned` movement of the ledger.
    expect((await admin.call('GET', `/api/getTool/${first._id}`)).body.availableQuantity).toBe(before + 1);
    const moves = await admin.call('GET', `/api/admin/tools/${first._id}/stock-moves?kind=returned&limit=5`);
    expect(moves.body[0]).toMatchObject({ kind: 'returned', units: 1 });

    // The stock history shows it, at the top of Manage Tools' Stock dialog.
    await page.goto(`/dashboard/managetools?q=${encodeURIComponent(first.toolName)}`);
    await page.getByRole('button', { name: `Stock of ${first.toolName}`, exact: true }).click();
    const newest = page.getByRole('dialog', { name: 'Stock' }).getByTestId('stock-move').first();
    await expect.poll(async () => (await newest.getByRole('cell').allTextContents()).slice(1, 3)).toEqual([`Returned (order ${orderId.slice(0, 8)})`, '+1']);

    // The customer's card now offers the return's credit note.
    await session.page.reload();
    await session.page.locator('[data-testid="order-card"]').first().getByText('Download credit note').waitFor();
  });
});
