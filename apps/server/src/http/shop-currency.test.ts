import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '@voltline/test-kit/pdf-text';
import type { Tool } from '@voltline/shared/tool';
import { loadConfig } from '../config.ts';
import { shopState } from '../db/schema.ts';
import { keepShopCurrency } from '../pricing/shop-currency.ts';
import { serverEntryFor } from './server-rendering.ts';
import { startFakeStripeApi, type FakeStripeApi } from '../test-support/fake-stripe-api.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { createIntent, freshTool, placeOrder } from '../test-support/test-orders.ts';
import { bearer } from '../test-support/test-users.ts';

/**
 * One currency per shop (issue 39 part 5, decision 067): a shop in euros, written as in Germany,
 * shows, charges, prints, mails, exports and declares euros. Its own file: a process serves one
 * shop, and the money module holds that shop's currency.
 */

// The real build of the web app (`npm run build`): the tool page is rendered by its server entry.
const webDistDir = path.resolve(import.meta.dirname, '../../../web/dist');
const serverMain = path.resolve(import.meta.dirname, '../main.ts');

/** 1,250.00 euros as de-DE writes it: a point between thousands, a decimal comma, the sign after a no-break space. */
const EUROS_1250 = '1.250,00\u00a0€';

describe("the shop's currency and locale, checked at start", () => {
  it('takes an ISO 4217 code in any case and a locale, and refuses what it cannot write in words', () => {
    expect(loadConfig({}).money).toEqual({ currency: 'USD', locale: 'en-US' });
    expect(loadConfig({ SHOP_CURRENCY: ' eur ', SHOP_LOCALE: 'de-DE' }).money).toEqual({ currency: 'EUR', locale: 'de-DE' });
    expect(loadConfig({ SHOP_CURRENCY: 'CHF', SHOP_LOCALE: 'de-CH' }).money).toEqual({ currency: 'CHF', locale: 'de-CH' });
    expect(() => loadConfig({ SHOP_CURRENCY: 'EURO' })).toThrow('SHOP_CURRENCY must be an ISO 4217 currency code such as USD, EUR, GBP, CHF, PLN or SEK; "EURO" is not one');
    expect(() => loadConfig({ SHOP_CURRENCY: 'ABC' })).toThrow('"ABC" is not one');
    // Money is kept in hundredths: a currency without them (yen) or with thousandths (Bahraini dinar) is refused.
    expect(() => loadConfig({ SHOP_CURRENCY: 'JPY' })).toThrow('SHOP_CURRENCY JPY has no minor unit; the shop keeps and charges money in hundredths (cents)');
    expect(() => loadConfig({ SHOP_CURRENCY: 'BHD' })).toThrow('SHOP_CURRENCY BHD has a minor unit of 3 decimals');
    expect(() => loadConfig({ SHOP_LOCALE: 'not a locale' })).toThrow('SHOP_LOCALE must be a language tag such as en-US, en-GB, de-DE, fr-FR or pl-PL; "not a locale" is not one');
  });

  it('stops the shop with the reason before it opens anything', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'voltline-currency-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
        env: { ...process.env, DATA_DIR: dataDir, SHOP_CURRENCY: 'JPY', PORT: '0', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let errors = '';
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(errors).toContain('The shop could not start');
      expect(errors).toContain('SHOP_CURRENCY JPY has no minor unit');
      // The reason alone, not a stack trace around it.
      expect(errors).not.toMatch(/^\s+at /m);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.each(testDatabaseKinds)('a shop in euros (de-DE) on $name', (kind) => {
  let stripeApi: FakeStripeApi;
  // Started before the shop, which is told its address; stopped after the shop.
  beforeAll(async () => {
    expect(existsSync(serverEntryFor(webDistDir)), 'run `npm run build` first: the tool page is rendered by the real build').toBe(true);
    stripeApi = await startFakeStripeApi();
  });
  afterAll(() => stripeApi.stop());
  const shop = useTestShop(kind, () => ({
    seed: true,
    users: true,
    webDistDir,
    environment: {
      SHOP_CURRENCY: 'EUR',
      SHOP_LOCALE: 'de-DE',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_voltline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_voltline',
      STRIPE_WEBHOOK_SECRET: 'whsec_voltline_test',
      STRIPE_API_URL: stripeApi.url,
    },
  }));
  let tool: Tool;
  beforeAll(async () => {
    tool = await freshTool(shop, 50, 1, 1250, `Euro Drill ${Math.random().toString(36).slice(2, 8)}`);
  });

  /** An order of one drill whose intent Stripe holds; `currency` changes what Stripe says it was paid in. */
  async function orderPaidAtStripe(currency?: string): Promise<{ orderId: string; intentId: string }> {
    const orderId = await placeOrder(shop, shop.customer, tool);
    const { paymentIntentId } = (await createIntent(shop, shop.customer, orderId)).json();
    const intent = stripeApi.succeed(paymentIntentId);
    if (currency) intent.currency = currency;
    return { orderId, intentId: paymentIntentId };
  }

  /** The payment page's record of the payment: the shop asks Stripe, then takes it or not. */
  const recordPayment = ({ orderId, intentId }: { orderId: string; intentId: string }) =>
    shop.app.inject({ method: 'PATCH', url: `/api/purchasedSingle/${orderId}`, headers: bearer(shop.customer), payload: { transactionId: intentId, delivery: 'pending' } });

  /** An order of one drill paid at (the fake) Stripe, as the payment page records it. */
  async function paidOrder(): Promise<{ orderId: string; intentId: string }> {
    const paid = await orderPaidAtStripe();
    expect((await recordPayment(paid)).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    return paid;
  }

  // First: the shop has no order yet.
  it('keeps the currency it first sold in, and refuses to start in another', async () => {
    await keepShopCurrency(shop.database.db, 'EUR');
    await keepShopCurrency(shop.database.db, 'EUR');
    await expect(keepShopCurrency(shop.database.db, 'USD')).rejects.toThrow(
      'SHOP_CURRENCY is USD, but this shop sells in EUR: its orders, invoices and totals are amounts in EUR. A shop has one currency (decision 067): set SHOP_CURRENCY=EUR, or open a new shop to sell in USD.',
    );
  });

  it('tells the web app its currency and locale, and declares euros on the tool page it renders', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/client-config' })).json()).toMatchObject({ currency: 'EUR', locale: 'de-DE' });
    const page = await shop.app.inject({ method: 'GET', url: `/tools/${tool._id}` });
    expect(page.statusCode).toBe(200);
    const ldJson = [...page.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
    expect(ldJson).toHaveLength(1);
    expect(ldJson[0].offers).toMatchObject({ '@type': 'Offer', price: 1250, priceCurrency: 'EUR' });
    expect(page.body).toContain(`Unit price: ${EUROS_1250}`);
    expect(page.body).not.toContain('$1,250.00');
    // The browser hydrates with the same currency, told in the page's state rather than built in.
    const state = page.body.match(/<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/)![1]!;
    expect(JSON.parse(state).money).toEqual({ currency: 'EUR', locale: 'de-DE' });
  });

  it("charges the card in euros at Stripe, in cents, and takes no payment made in another currency", async () => {
    const { intentId } = await paidOrder();
    expect(stripeApi.intents.get(intentId)).toMatchObject({ amount: 125_000, currency: 'eur' });

    // An intent Stripe holds in dollars is not this order's payment, however its digits read.
    const inDollars = await orderPaidAtStripe('usd');
    expect((await recordPayment(inDollars)).statusCode).toBe(422);
    const orderId = inDollars.orderId;
    expect((await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(shop.customer) })).json()).toMatchObject({ status: 'unpaid' });
  });

  it('prints euros on the invoice, as de-DE writes them', async () => {
    const { orderId } = await paidOrder();
    const invoice = await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}/invoice.pdf`, headers: bearer(shop.customer) });
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    // pdf.js may give the no-break space back as a space.
    expect(text).toMatch(/Total: 1\.250,00[\s\u00a0]€/);
    expect(text).not.toContain('$');
  });

  it("mails the buyer the order's amounts in euros", async () => {
    const { orderId } = await paidOrder();
    const order = (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(shop.customer) })).json();
    await shop.core.notificationDispatcher.deliverDue(new Date());
    const mails = shop.outbox().filter((mail) => mail.includes(order.orderNumber));
    expect(mails.length).toBeGreaterThan(0);
    const text = mails.map((mail) => mail.split('Content-Type: text/html')[0]!).join('\n');
    expect(text).toContain(`Total: ${EUROS_1250}`);
    expect(text).not.toMatch(/\$\d/);
  });

  it("names the currency of the orders' CSV in its last column, the amounts plain numbers", async () => {
    const { orderId } = await paidOrder();
    const csv = await shop.app.inject({ method: 'GET', url: `/api/adminPurchased/export.csv?q=${orderId}`, headers: bearer(shop.admin) });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.split('\r\n');
    // Cells in quotes (the spec's purchaseDate, "Saturday, Nov 28, 2026") hold commas of their own.
    const cellsOfRow = [...row!.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((match) => match[1]);
    const cells = Object.fromEntries(header!.split(',').map((name, index) => [name, cellsOfRow[index]]));
    expect(header!.split(',').at(-1)).toBe('currency');
    expect(cells).toMatchObject({ _id: orderId, price: '1250', unitPrice: '1250', currency: 'EUR' });
  });

  it('takes a shop with orders and no currency recorded, one from before the setting, for a shop in dollars', async () => {
    const recorded = eq(shopState.key, 'shop_currency');
    const [before] = await shop.database.db.select().from(shopState).where(recorded);
    await shop.database.db.delete(shopState).where(recorded);
    try {
      await expect(keepShopCurrency(shop.database.db, 'EUR')).rejects.toThrow('SHOP_CURRENCY is EUR, but this shop sells in USD');
    } finally {
      await shop.database.db.delete(shopState).where(recorded);
      await shop.database.db.insert(shopState).values(before!);
    }
  });
});
