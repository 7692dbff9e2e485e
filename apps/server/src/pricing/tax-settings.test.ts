import { describe, expect, it } from 'vitest';
import { taxSettings } from '../db/schema.ts';
import { freshTool } from '../test-support/test-orders.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

const GERMAN = { country: 'de', standardRate: '19', pricesIncludeVat: true, vatNote: 'Keine Umsatzsteuer.' };

/** Issue 43, item 7: admins set how the shop charges VAT, and quotes, orders and the web app follow at once. */
describe.each(testDatabaseKinds)('tax settings on $name', (kind) => {
  const shop = useTestShop(kind, { users: true, delivery: 'shop' });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, user: TestUser | null = shop.admin) =>
    shop.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user ? bearer(user) : {} });
  const put = (payload: object) => call('PUT', '/api/admin/tax-settings', payload);
  const quoteOfOne = async (buyer: TestUser, price: number, country: string) => {
    const tool = await freshTool(shop, 50, 1, price);
    return (await call('POST', '/api/checkout/quote', { country, lines: [{ toolId: tool._id, quantity: 1 }] }, buyer)).json();
  };

  it("starts from the environment's settings, then takes an admin's, which quotes, orders and the web app follow at once", async () => {
    expect((await call('GET', '/api/admin/tax-settings')).json()).toEqual({ country: 'US', standardRate: 0, pricesIncludeVat: true, vatNote: 'No VAT is charged.' });
    // Delivery free everywhere, so the VAT below is the goods' alone.
    expect((await call('PUT', '/api/admin/delivery-rates', { rates: [{ country: '*', charge: 0 }] })).statusCode).toBe(200);
    const buyer = await registerUser(shop);
    expect((await quoteOfOne(buyer, 119, 'DE')).vat).toEqual([expect.objectContaining({ rate: 0 })]);

    const answer = await put(GERMAN);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ country: 'DE', standardRate: 19, pricesIncludeVat: true, vatNote: 'Keine Umsatzsteuer.' });
    expect((await call('GET', '/api/admin/tax-settings')).json()).toEqual(answer.json());
    expect((await call('GET', '/api/client-config', undefined, null)).json()).toMatchObject({ shopCountry: 'DE', vatRate: 19 });
    // A German shop selling in Germany: 19 % inside the price.
    const domestic = await quoteOfOne(buyer, 119, 'DE');
    expect(domestic).toMatchObject({ vatTreatment: 'domestic', addedVat: 0, vat: [expect.objectContaining({ rate: 19 })] });
    // The spec's POST /purchased names no country: the order goes to the shop's own.
    const tool = await freshTool(shop, 50, 1, 20);
    const placed = await call('POST', '/api/purchased', { toolId: tool._id, quantity: 1, phone: '5550100', address: '1 Circuit Road' }, buyer);
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await call('GET', `/api/purchasedSingle/${placed.json().insertedId}`, undefined, buyer)).json()).toMatchObject({ country: 'DE' });

    // Prices without VAT in them: the VAT comes on top.
    expect((await put({ ...GERMAN, pricesIncludeVat: false })).statusCode).toBe(200);
    expect((await quoteOfOne(buyer, 100, 'DE')).addedVat).toBe(19);
  });

  it.each([
    ['a country that is none', { country: 'EU' }, 'Choose the country the shop is in'],
    ['a rate above 100', { standardRate: 101 }, 'Standard VAT rate must be a percentage from 0 to 100'],
    ['a rate with three decimals', { standardRate: '19.555' }, 'Standard VAT rate must be a percentage from 0 to 100 with at most two decimals'],
    ['no rate', { standardRate: '' }, 'Standard VAT rate must be a percentage'],
    ['no note', { vatNote: '  ' }, 'The note for orders without VAT is required'],
    ['a note past its length', { vatNote: 'n'.repeat(201) }, 'The note for orders without VAT can be at most 200 characters'],
    ['prices include VAT as text', { pricesIncludeVat: 'yes' }, 'Prices include VAT must be true or false'],
  ])('refuses %s in words and keeps the settings it had', async (_case, change, words) => {
    expect((await put(GERMAN)).statusCode).toBe(200);
    const before = await shop.database.db.select().from(taxSettings);
    const answer = await put({ ...GERMAN, ...change });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toContain(words);
    expect(await shop.database.db.select().from(taxSettings)).toEqual(before);
  });
});
