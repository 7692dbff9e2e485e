import { describe, expect, it } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { ADMIN_ENV, signInInContext } from '@voltline/test-kit/customers';
import { seriousViolationsShown } from './support/axe.ts';
import { shopJourney } from './support/journey.ts';
import { paidOrderToShip } from './support/parcel-journeys.ts';

const PHONE = { width: 375, height: 812 };
const DHL = { name: 'DHL', trackingUrlTemplate: 'https://www.dhl.de/de/privatkunden.html?piececode={tracking}' };

/**
 * Issue 38: on a phone, an admin ships two of a paid order's three lines as a parcel with a
 * tracking number and serial numbers; the customer sees the parcel on My Orders with its tracking link.
 */
describe('an order leaves in parcels', () => {
  const journey = shopJourney({ env: ADMIN_ENV });

  it('ships two of three lines with tracking and serials at 375 px, and the customer sees the parcel and follows its link; axe clean', async () => {
    const shopUrl = journey.shop.url;
    // Three tools in stock, a line each of one unit above its minimum, through the cart's checkout, paid.
    const {
      customer,
      orderId,
      tools: [first, second, third],
    } = await paidOrderToShip(shopUrl, DHL, 1);

    // The admin, on a phone: the order found by its buyer, then Ship.
    const { page } = await journey.openAsAdmin(`/dashboard/manageorders?q=${encodeURIComponent(customer.email)}`, PHONE);
    const row = page.locator('[data-testid="order-row"]').filter({ hasText: customer.email });
    await row.waitFor();
    await row.getByRole('button', { name: 'Ship', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ship a parcel' });
    await dialog.getByText(`${third.toolName} (${third.minimumOrderQuantity + 1} left)`).waitFor();
    const units = dialog.getByLabel('Units in this parcel');
    // The lines come in the order placed; the third stays for a later parcel.
    const lineOf = (tool: Tool) => dialog.locator('fieldset').filter({ hasText: `${tool.toolName} (` });
    await lineOf(third).getByLabel('Units in this parcel').fill('0');
    const firstSerials = Array.from({ length: first.minimumOrderQuantity + 1 }, (_, index) => `SN-${orderId.slice(0, 8)}-${index + 1}`);
    await lineOf(first).getByLabel('Serial numbers, one a line').fill(firstSerials.join('\n'));
    await dialog.getByLabel('Carrier', { exact: true }).selectOption('DHL');
    await dialog.getByLabel('Tracking number').fill('JJD000390007');
    expect(await units.count()).toBe(3);
    expect(await seriousViolationsShown(page, 'the Ship a parcel dialog at 375 px')).toEqual([]);
    // The dialog fits the phone: nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const shipped = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith(`/api/adminPurchased/${orderId}/shipments`));
    await dialog.getByRole('button', { name: 'Ship parcel' }).click();
    expect((await shipped).status()).toBe(200);
    await page.getByText('Parcel shipped successfully').waitFor();
    await row.getByText('partially shipped').waitFor();

    // The customer, on a phone: the card says how far it got and lists the parcel with its link.
    const session = await journey.open(PHONE);
    await signInInContext(session.context, shopUrl, customer.email, customer.password);
    await session.page.goto('/dashboard/myorders');
    const card = session.page.locator('[data-testid="order-card"]').first();
    await card.getByText('partially shipped').waitFor();
    const parcel = card.locator('[data-testid="parcel"]');
    await parcel.getByText(`${first.minimumOrderQuantity + 1} x ${first.toolName}`).waitFor();
    await parcel.getByText(`${second.minimumOrderQuantity + 1} x ${second.toolName}`).waitFor();
    expect(await parcel.getByText(third.toolName).count()).toBe(0);
    await parcel.getByText(`Serial numbers: ${firstSerials.join(', ')}`).waitFor();
    const link = parcel.getByRole('link', { name: 'Track parcel 1' });
    expect(await link.getAttribute('href')).toBe('https://www.dhl.de/de/privatkunden.html?piececode=JJD000390007');
    expect(await seriousViolationsShown(session.page, 'My Orders with a parcel at 375 px')).toEqual([]);
    expect(await session.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
