import { describe, expect, it } from 'vitest';
import { deliveryRates } from '../db/schema.ts';
import { startTestShop } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, type TestUser } from '../test-support/test-users.ts';

const RATES = { rates: [{ country: 'de', charge: 4.9, freeFrom: 150 }, { country: '*', charge: 19.9 }, { country: 'US', charge: 0 }] };

describe.each(testDatabaseKinds)('delivery rates and the delivery promotion on $name', (kind) => {
  const shop = useTestShop(kind, { users: true, delivery: 'shop' });

  const call = (method: 'GET' | 'PUT', url: string, payload?: object, user: TestUser | null = shop.admin) =>
    shop.app.inject({ method, url, payload, headers: user ? bearer(user) : {} });
  const putRates = (payload: object) => call('PUT', '/api/admin/delivery-rates', payload);
  const storedRates = () => shop.database.db.select().from(deliveryRates).orderBy(deliveryRates.country);

  it('ships a home rate for SHOP_COUNTRY (the United States by default) and a world rate, so checkout works at once', async () => {
    const answer = await call('GET', '/api/admin/delivery-rates');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ rates: [{ country: '*', charge: 19.9, freeFrom: null }, { country: 'US', charge: 4.9, freeFrom: 150 }] });
  });

  it('replaces every rate at once, stored in cents, with codes in upper case', async () => {
    const answer = await putRates(RATES);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      rates: [
        { country: '*', charge: 19.9, freeFrom: null },
        { country: 'DE', charge: 4.9, freeFrom: 150 },
        { country: 'US', charge: 0, freeFrom: null },
      ],
    });
    expect(await storedRates()).toEqual([
      { country: '*', chargeCents: 1990, freeFromCents: null },
      { country: 'DE', chargeCents: 490, freeFromCents: 15000 },
      { country: 'US', chargeCents: 0, freeFromCents: null },
    ]);
    expect((await call('GET', '/api/admin/delivery-rates')).json()).toEqual(answer.json());
  });

  it.each([
    ['no rate for the rest of the world', { rates: [{ country: 'DE', charge: 4.9 }] }, 'rest of the world (country *)'],
    ['a country twice', { rates: [{ country: '*', charge: 1 }, { country: 'DE', charge: 2 }, { country: 'de', charge: 3 }] }, 'name DE twice'],
    ['the world rate twice', { rates: [{ country: '*', charge: 1 }, { country: '*', charge: 2 }] }, 'rest of the world (*) twice'],
    ['a code that is no country', { rates: [{ country: '*', charge: 1 }, { country: 'EU', charge: 2 }] }, 'Country "EU" is not an ISO 3166-1 country code'],
    ['a three-letter code', { rates: [{ country: '*', charge: 1 }, { country: 'DEU', charge: 2 }] }, 'Country "DEU" is not an ISO 3166-1'],
    ['no country chosen', { rates: [{ country: '*', charge: 1 }, { country: '', charge: 2 }] }, 'Choose the country of each rate'],
    ['a negative charge', { rates: [{ country: '*', charge: -1 }] }, 'Delivery charge must be at least $0.00'],
    ['a fraction of a cent', { rates: [{ country: '*', charge: 4.999 }] }, 'Delivery charge can have at most two decimals'],
    ['a charge past the card maximum', { rates: [{ country: '*', charge: 1_000_000 }] }, 'Delivery charge can be at most $999,999.99'],
    ['free from nothing', { rates: [{ country: '*', charge: 5, freeFrom: 0 }] }, 'Free delivery from must be at least $0.01'],
    ['a charge as text', { rates: [{ country: '*', charge: '4.90' }] }, 'Delivery charge must be an amount such as 4.90'],
    ['more rates than countries', { rates: Array.from({ length: 301 }, () => ({ country: '*', charge: 1 })) }, 'at most 300 countries'],
    ['no rates', {}, 'Rates is required'],
  ])('refuses %s in words and keeps the rates it had', async (_case, payload, words) => {
    await putRates(RATES);
    const before = await storedRates();
    const answer = await putRates(payload);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().error).toBe('bad_request');
    expect(answer.json().message).toContain(words);
    expect(await storedRates()).toEqual(before);
  });

  it('starts with the banner\'s promotion, 10% off the delivery charge, and shows it to everyone', async () => {
    const fresh = await startTestShop(kind);
    try {
      const answer = await fresh.app.inject({ method: 'GET', url: '/api/delivery-promotion' });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ percentOff: 10, active: true, until: null });
    } finally {
      await fresh.close();
    }
  });

  it('shows visitors a changed promotion at once, and an ended one as inactive', async () => {
    const publicRead = () => call('GET', '/api/delivery-promotion', undefined, null);
    expect((await publicRead()).statusCode).toBe(200);

    const changed = await call('PUT', '/api/admin/delivery-promotion', { percentOff: 15, active: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ percentOff: 15, active: true, until: null });
    expect((await publicRead()).json()).toEqual({ percentOff: 15, active: true, until: null });

    await call('PUT', '/api/admin/delivery-promotion', { percentOff: 15, active: false });
    expect((await publicRead()).json()).toMatchObject({ active: false });
    expect((await call('GET', '/api/admin/delivery-promotion')).json()).toEqual({ percentOff: 15, active: false, until: null });
  });

  it('ends a promotion by itself when its until passes: it is kept as set, and visitors see it inactive', async () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    await call('PUT', '/api/admin/delivery-promotion', { percentOff: 20, active: true, until: future });
    expect((await call('GET', '/api/delivery-promotion', undefined, null)).json()).toEqual({ percentOff: 20, active: true, until: future });

    const past = new Date(Date.now() - 1000).toISOString();
    await call('PUT', '/api/admin/delivery-promotion', { percentOff: 20, active: true, until: past });
    expect((await call('GET', '/api/delivery-promotion', undefined, null)).json()).toEqual({ percentOff: 20, active: false, until: past });
    expect((await call('GET', '/api/admin/delivery-promotion')).json()).toEqual({ percentOff: 20, active: true, until: past });
    expect(await shop.core.deliverySettings.currentPromotion(new Date(Date.parse(past) - 1))).toMatchObject({ active: true });
  });

  it.each([
    ['no percent', { active: true }, 'Percent off'],
    ['0%', { percentOff: 0, active: true }, 'Percent off must be at least 1'],
    ['101%', { percentOff: 101, active: true }, 'Percent off can be at most 100'],
    ['a fraction of a percent', { percentOff: 12.5, active: true }, 'Percent off must be a whole number'],
    ['no active', { percentOff: 10 }, 'active must be true or false'],
    ['a date that is none', { percentOff: 10, active: true, until: 'next week' }, 'Until must be a date and time'],
  ])('refuses a promotion with %s in words and keeps the one it had', async (_case, payload, words) => {
    await call('PUT', '/api/admin/delivery-promotion', { percentOff: 10, active: true });
    const answer = await call('PUT', '/api/admin/delivery-promotion', payload);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toContain(words);
    expect((await call('GET', '/api/admin/delivery-promotion')).json()).toEqual({ percentOff: 10, active: true, until: null });
  });
});

describe.each(testDatabaseKinds)('a shop elsewhere on $name', (kind) => {
  const shop = useTestShop(kind, { users: true, delivery: 'shop', environment: { SHOP_COUNTRY: 'de' } });

  it("has its home rate for SHOP_COUNTRY, added once: a later start keeps what the admin set", async () => {
    const rates = () => shop.app.inject({ method: 'GET', url: '/api/admin/delivery-rates', headers: bearer(shop.admin) });
    expect((await rates()).json().rates.map((rate: { country: string }) => rate.country)).toEqual(['*', 'DE']);
    await shop.app.inject({ method: 'PUT', url: '/api/admin/delivery-rates', headers: bearer(shop.admin), payload: { rates: [{ country: '*', charge: 7 }] } });
    const again = await startTestShop(kind, { sameDatabaseAs: shop });
    try {
      expect((await rates()).json()).toEqual({ rates: [{ country: '*', charge: 7, freeFrom: null }] });
    } finally {
      await again.close();
    }
  });
});
