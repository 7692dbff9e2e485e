import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { businessAccountMessages } from '@voltline/shared/business-accounts';
import { groupUnitCents } from '@voltline/shared/customer-groups';
import { formatCents } from '@voltline/shared/money';
import { netOfGross } from '@voltline/shared/pricing';
import { ADMIN_ENV } from '@voltline/test-kit/customers';
import { onAccountMessages } from '@voltline/shared/on-account';
import { fetchTools } from '@voltline/test-kit/orders';
import { pdfText } from '@voltline/test-kit/pdf-text';
import { seriousViolationsShown } from './support/axe.ts';
import { shopJourney } from './support/journey.ts';
import { fillDeliveryAddress, signUpCustomer, toast } from './support/orders.ts';

const PHONE = { width: 375, height: 812 };

/**
 * Issue 39, part 1, on a phone: a French electrician applies for a business account from My
 * Profile, the admin of a German shop approves it on Trade accounts, and the customer's checkout to
 * France is then a reverse charge on the account's VAT id (checked by the built-in checker).
 * Part 2: the admin prices a tool for trade on Customer groups, and the customer sees it on the tool
 * page without VAT, with its tier table. Part 3: with payment terms, it orders on account with a
 * purchase order number, and the admin records the bank transfer that pays it.
 */
describe('a business account', () => {
  const journey = shopJourney({ env: { ...ADMIN_ENV, SHOP_COUNTRY: 'DE', SHOP_VAT_RATE: '19' } });

  // Two parts of issue 39 in one shop (a shop's start is the journey's dearest step): twice a journey's time.
  it('is applied for, approved, makes the checkout a reverse charge, and pays on account', { timeout: 180_000 }, async () => {
    const session = await journey.open(PHONE);
    const { page, context } = session;
    const { api } = await signUpCustomer(context, journey.shop.url);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Apply for a business account' }).click();
    const form = page.getByRole('form', { name: 'Apply for a business account' });
    await form.getByLabel('Company name', { exact: true }).fill('Ampère Électricité SARL');
    await form.getByLabel('VAT id', { exact: true }).fill('FR 40 303265045');
    await form.getByLabel('Street and number', { exact: true }).fill('3 Rue Ampère');
    await form.getByLabel('Postcode', { exact: true }).fill('75017');
    await form.getByLabel('City', { exact: true }).fill('Paris');
    await form.getByLabel('Country', { exact: true }).selectOption('FR');
    await form.getByRole('button', { name: 'Apply' }).click();
    await toast(page, businessAccountMessages.applied).waitFor();
    await page.getByText('Waiting for the shop', { exact: true }).waitFor();
    expect(await seriousViolationsShown(page, 'My Profile, business account waiting')).toEqual([]);

    const admin = await journey.openAsAdmin('/dashboard/trade', PHONE);
    const row = admin.page.getByTestId('business-account-row').filter({ hasText: 'Ampère Électricité SARL' });
    await row.getByText('VIES: registered', { exact: false }).waitFor();
    expect(await seriousViolationsShown(admin.page, 'Trade accounts')).toEqual([]);
    await row.getByRole('button', { name: 'Approve Ampère Électricité SARL' }).click();
    await toast(admin.page, 'Ampère Électricité SARL: approved').waitFor();

    await page.reload();
    await page.getByText('Approved', { exact: true }).waitFor();
    // A tool sold from fewer than 10 units, so that the tier from 10 is a row of its own.
    const tool = (await fetchTools(journey.shop.url)).find((each) => each.minimumOrderQuantity < 10);

    // Part 2: the admin prices the tool for trade (20 % off, 5 % more from 10 units) on Customer groups...
    await admin.page.goto('/dashboard/customer-groups');
    const priceForm = admin.page.getByRole('form', { name: "Set a tool's group price" });
    await priceForm.getByLabel('Tool', { exact: true }).fill(tool!.toolName);
    await priceForm.locator(`datalist option[value="${tool!.toolName}"]`).waitFor({ state: 'attached' });
    await priceForm.getByLabel('Or percent off the list price').fill('20');
    await priceForm.getByLabel('Volume tiers: from units : percent off, e.g. 10:5, 50:12').fill('10:5');
    await priceForm.getByRole('button', { name: 'Save price' }).click();
    await toast(admin.page, `${tool!.toolName}: price saved`).waitFor();
    await admin.page.getByRole('table', { name: 'Trade prices' }).getByText('20 % off', { exact: true }).waitFor();
    expect(await seriousViolationsShown(admin.page, 'Customer groups')).toEqual([]);
    // ...and the trade customer sees it on the tool page without VAT, with the tier table; the price checkout charges is the quote's.
    const listCents = Math.round(tool!.price * 100);
    const rule = { priceCents: null, percentOffHundredths: 2000, minimumOrderQuantity: null, tiers: [{ fromUnits: 10, percentOffHundredths: 500 }] };
    const withoutVat = (cents: number) => formatCents(netOfGross(cents, 1900));
    await page.goto(`/tools/${tool!._id}`);
    const yours = page.getByRole('region', { name: 'Your Trade prices' });
    await yours.getByText(`Your Trade price: ${withoutVat(groupUnitCents(listCents, rule, 1).unitCents)} without VAT`, { exact: true }).waitFor();
    await yours.getByRole('row', { name: `10 or more ${withoutVat(groupUnitCents(listCents, rule, 10).unitCents)}` }).waitFor();
    expect(await seriousViolationsShown(page, 'Tool page, trade prices')).toEqual([]);
    // The same price on the catalogue's card (the public answer at list prices, the customer's own over it: decision 072)...
    const tradeUnit = withoutVat(groupUnitCents(listCents, rule, tool!.minimumOrderQuantity).unitCents);
    await page.goto(`/tools?q=${encodeURIComponent(tool!.toolName)}`);
    const card = page.getByTestId('tool-card').filter({ has: page.getByRole('heading', { name: tool!.toolName, exact: true }) });
    await card.getByTestId('tool-card-price').getByText(`Your Trade price: ${tradeUnit} without VAT`, { exact: true }).waitFor();
    expect((await api.call('PUT', `/api/cart/lines/${tool!._id}`, { quantity: tool!.minimumOrderQuantity })).status).toBe(200);
    // ...and in the cart, the line's total without VAT as the invoice will print it.
    await page.goto('/cart');
    const line = page.getByTestId('cart-line').filter({ hasText: tool!.toolName });
    await line.getByText(`Your Trade price: ${tradeUnit} without VAT`, { exact: true }).waitFor();
    const lineCents = groupUnitCents(listCents, rule, tool!.minimumOrderQuantity).unitCents * tool!.minimumOrderQuantity;
    expect(await line.getByTestId('cart-line-total').textContent()).toBe(`Line total: ${withoutVat(lineCents)} without VAT`);
    await page.goto('/checkout');
    await page.getByTestId('summary-total').waitFor();
    await page.getByLabel('Country', { exact: true }).selectOption('FR');
    // No VAT id typed: the approved account's is the buyer's.
    await page.getByText('Reverse charge on VAT id FR40303265045.', { exact: true }).waitFor();
    await page.getByText('Reverse charge', { exact: false }).first().waitFor();
    expect(await seriousViolationsShown(page, 'Checkout, reverse charge')).toEqual([]);

    // Part 3: the admin allows payment terms; the company orders on account with its purchase order
    // number, downloads the invoice to pay by transfer, and the admin records the bank payment.
    await admin.page.goto('/dashboard/trade');
    await admin.page.getByRole('button', { name: 'Approved', exact: true }).click();
    await admin.page.getByRole('button', { name: 'Payment terms of Ampère Électricité SARL' }).click();
    await admin.page.getByLabel('Credit limit ($)', { exact: true }).fill('5000');
    await admin.page.getByRole('button', { name: 'Save terms', exact: true }).click();
    await toast(admin.page, 'Ampère Électricité SARL: payment terms saved').waitFor();

    await page.reload();
    await page.getByTestId('summary-total').waitFor();
    await page.getByLabel('Country', { exact: true }).selectOption('FR');
    await page.getByLabel('Phone', { exact: true }).fill('0142000000');
    await fillDeliveryAddress(page, { deliveryName: 'Ampère Électricité SARL', deliveryStreet: '3 Rue Ampère', deliveryPostcode: '75017', deliveryCity: 'Paris' });
    await page.getByLabel(/^Pay on account/).check();
    await page.getByLabel('Purchase order number (optional)', { exact: true }).fill('PO-2026-118');
    expect(await seriousViolationsShown(page, 'Checkout, pay on account')).toEqual([]);
    await page.getByRole('button', { name: 'Order on account', exact: true }).click();
    await toast(page, onAccountMessages.placed).waitFor();
    await page.waitForURL(`${journey.shop.url}/dashboard/myorders`);
    await page.getByText(/^awaiting payment: due /).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download invoice', exact: true }).click()]);
    const invoice = await pdfText(await readFile((await download.path())!));
    for (const fact of ['Ampère Électricité SARL', 'Your purchase order: PO-2026-118', 'Payment due by:', 'IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX', 'Payment reference: INV-']) {
      expect(invoice).toContain(fact);
    }
    // A business account's invoice is an e-invoice too (decision 068): its XRechnung routes it by the purchase order number.
    const [xml] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Invoice as XRechnung (XML)', exact: true }).click()]);
    expect(xml.suggestedFilename()).toMatch(/^INV-\d+\.xml$/);
    expect(await readFile((await xml.path())!, 'utf8')).toContain('<cbc:BuyerReference>PO-2026-118</cbc:BuyerReference>');

    await admin.page.goto('/dashboard/on-account');
    const due = admin.page.getByTestId('order-on-account-row').filter({ hasText: 'Ampère Électricité SARL' });
    await due.getByRole('button', { name: /^Record bank payment for order VL-\d+$/ }).click();
    expect(await seriousViolationsShown(admin.page, 'Orders on account, bank payment')).toEqual([]);
    await admin.page.getByRole('button', { name: 'Record payment', exact: true }).click();
    await admin.page.getByRole('alert').filter({ hasText: /^Order VL-\d+ is paid$/ }).waitFor();
    await admin.page.getByText('No order on account is open', { exact: true }).waitFor();
    // Three parts of the issue in one journey (one shop started): more steps than the journeys' minute.
  });
});
