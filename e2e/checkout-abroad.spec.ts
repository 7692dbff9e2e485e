import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@voltline/shared/money';
import { couponMessages } from '@voltline/shared/coupons';
import { ADMIN_ENV } from '@voltline/test-kit/customers';
import { DELIVERY, fetchTools } from '@voltline/test-kit/orders';
import { pdfText } from '@voltline/test-kit/pdf-text';
import { takeProblems } from './support/browser.ts';
import { shopJourney } from './support/journey.ts';
import { CARDS, fillDeliveryAddress, payWithCard, signUpCustomer, toast } from './support/orders.ts';

/** Round half up of numerator / denominator, in whole cents: how the shop rounds VAT and percentages (decision 035). */
const halfUp = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

/** The figures of the summary on the page, by row: "Delivery$9.90". */
const figuresOn = async (page: Page) =>
  Object.fromEntries(
    await Promise.all(
      ['summary-subtotal', 'summary-coupon', 'summary-delivery', 'summary-delivery-discount', 'summary-vat', 'summary-total'].map(
        async (testId) => [testId, await page.getByTestId(testId).textContent()] as const,
      ),
    ),
  );

/**
 * Issue 29, the customer's part: a German shop (19% VAT in its prices) whose admin sets a delivery
 * rate for France and a coupon; a consumer in France checks out with the code and sees delivery,
 * its promotion, the coupon and the VAT before paying, and the order is charged exactly that.
 */
describe('a customer abroad checks out with a coupon', () => {
  const journey = shopJourney({ env: { ...ADMIN_ENV, SHOP_COUNTRY: 'DE', SHOP_VAT_RATE: '19' } });

  it('sees delivery, discounts and VAT to the cent before paying, and pays that total', async () => {
    // The admin: France at $9.90 (never free), and 10% off with SPRING10.
    const admin = (await journey.openAsAdmin('/dashboard/delivery')).page;
    await admin.getByRole('heading', { name: 'Delivery rates' }).waitFor();
    await admin.getByRole('button', { name: 'Add rate' }).click();
    const added = admin.locator('[data-testid="delivery-rate-row"]').last();
    await added.getByRole('combobox', { name: /^Country of rate/ }).selectOption({ label: 'France (FR)' });
    await added.getByRole('textbox', { name: /^Charge of rate/ }).fill('9.90');
    await admin.getByRole('button', { name: 'Save rates' }).click();
    await toast(admin, 'Delivery rates saved').waitFor();
    await admin.goto('/dashboard/coupons');
    await admin.getByLabel('Code', { exact: true }).fill('spring10');
    await admin.getByLabel('Percent off', { exact: true }).fill('10');
    await admin.getByRole('button', { name: 'Create coupon' }).click();
    await toast(admin, 'Coupon SPRING10 created').waitFor();

    // The customer's cart: one tool at its minimum.
    const session = await journey.open();
    const { page, context } = session;
    const { customer, api } = await signUpCustomer(context, journey.shop.url);
    const [tool] = await fetchTools(journey.shop.url);
    expect((await api.call('PUT', `/api/cart/lines/${tool!._id}`, { quantity: tool!.minimumOrderQuantity })).status).toBe(200);

    // Worked out by hand: the goods, 10% off them, France's $9.90 less the shop's 10% delivery
    // promotion, and the 19% VAT in the total (a consumer in the EU pays the shop's VAT).
    const goods = Math.round(tool!.price * 100) * tool!.minimumOrderQuantity;
    const coupon = halfUp(goods * 10, 100);
    const deliveryDiscount = halfUp(990 * 10, 100);
    const total = goods - coupon + 990 - deliveryDiscount;
    const vat = halfUp(total * 19, 119);
    const dollars = (cents: number) => formatMoney(cents / 100);

    await page.goto('/cart');
    await page.getByRole('link', { name: 'Checkout', exact: true }).click();
    await page.waitForURL(`${journey.shop.url}/checkout`);
    // The shop's own country first: Germany's rate ($4.90, the shop's home rate).
    expect(await page.getByLabel('Country', { exact: true }).inputValue()).toBe('DE');
    await page.getByTestId('summary-total').waitFor();
    await page.getByLabel('Country', { exact: true }).selectOption('FR');
    await page.getByLabel('Coupon code', { exact: true }).fill('nosuchcode');
    await page.getByText(couponMessages.cannotBeUsed, { exact: true }).waitFor();
    // The browser logs the refused quote (422); the page said why in words, next to the field.
    expect(takeProblems(session, 422)).toBe(1);
    await page.getByLabel('Coupon code', { exact: true }).fill('spring10');
    await page.getByTestId('summary-coupon').waitFor();
    await page.getByTestId('summary-total').getByText(dollars(total), { exact: true }).waitFor();
    const expected = {
      'summary-subtotal': `Subtotal${dollars(goods)}`,
      'summary-coupon': `Coupon SPRING10-${dollars(coupon)}`,
      'summary-delivery': 'Delivery$9.90',
      'summary-delivery-discount': `Delivery discount-${dollars(deliveryDiscount)}`,
      'summary-vat': `VAT 19% included (on ${dollars(total - vat)})${dollars(vat)}`,
      'summary-total': `Total${dollars(total)}`,
    };
    expect(await figuresOn(page)).toEqual(expected);

    await page.getByLabel('Phone', { exact: true }).fill(DELIVERY.phone);
    // The address as fields, in the country chosen (issue 36): its postcode must be a French one.
    const paris = { deliveryName: customer.name, deliveryStreet: '12 rue de la Paix', deliveryPostcode: '7500', deliveryCity: 'Paris' };
    await fillDeliveryAddress(page, paris);
    await page.getByText('A postcode in France is written like 75001', { exact: true }).waitFor();
    await page.getByLabel('Postcode', { exact: true }).fill('75002');
    await page.getByRole('button', { name: 'Order and pay', exact: true }).click();

    // The payment page shows the order's own figures: the same, as the shop keeps them.
    await page.waitForURL(new RegExp(`^${journey.shop.url}/payment/[^/]+$`));
    await page.getByRole('region', { name: 'What the order costs' }).getByTestId('summary-total').waitFor();
    expect(await figuresOn(page)).toEqual(expected);
    const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await payWithCard(page, CARDS.accepted);
    await page.getByText('Congrats! your payment is completed', { exact: true }).waitFor();
    const order = (await api.call('GET', `/api/purchasedSingle/${orderId}`)).body;
    expect(order).toMatchObject({ price: total / 100, country: 'FR', couponCode: 'SPRING10', vatTreatment: 'domestic', vat: [{ rate: 19, net: (total - vat) / 100, vat: vat / 100 }] });
    expect(order).toMatchObject({ ...paris, deliveryPostcode: '75002', address: `${customer.name}, 12 rue de la Paix, 75002 Paris, France` });

    // The invoice shows the same (art. 226): the line, the delivery, the discount, the 19% rate with its
    // taxable amount and VAT, the VAT payable and the total charged.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download invoice', exact: true }).click()]);
    const invoice = await pdfText(await readFile((await download.path())!));
    for (const fact of [
      customer.name,
      // Where it goes, a line each, its country named.
      '12 rue de la Paix',
      '75002 Paris',
      'France',
      tool!.toolName,
      'Delivery',
      'Discount',
      'VAT per rate',
      '19%',
      dollars(total - vat),
      `VAT payable: ${dollars(vat)}`,
      `Total: ${dollars(total)}`,
    ]) {
      expect(invoice).toContain(fact);
    }
  });
});
