import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponMessages, type Coupon, type CouponInput } from '@voltline/shared/coupons';
import type { Tool } from '@voltline/shared/tool';
import { nextCursorFromLink } from '@voltline/shared/link-header';
import type { Database } from '../db/client.ts';
import { authUsers, couponUses, coupons, orders } from '../db/schema.ts';
import { AppError } from '../platform/app-error.ts';
import { createLogger } from '../http/logging.ts';
import { connectRedis, type RedisLink } from '../platform/redis.ts';
import { describeRaces, oneDatabaseKind, testDatabaseKinds } from '../test-support/test-databases.ts';
import { card, freshTool } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';
import { giveBackCouponUse, keepCouponUse, takeCouponUse } from './coupon-uses.ts';

let codeCount = 0;
const freshCode = (prefix = 'CODE') => `${prefix}${++codeCount}`;

const customerIdOf = async (db: Database, user: TestUser) =>
  (await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, user.email)))[0]!.id;

const HOLD_MS = 30 * 60 * 1000;

/** What takeCouponUse refused with (its code and words), or the use it took, held for 30 minutes. */
async function take(db: Database, code: string, customerId: string, subtotalCents: number, now = new Date()) {
  try {
    return { taken: await db.transaction((tx) => takeCouponUse(tx, code, customerId, subtotalCents, new Date(now.getTime() + HOLD_MS), now)) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { refused: { code: error.code, status: error.status, message: error.message } };
  }
}

describe.each(testDatabaseKinds)('coupon codes on $name', (kind) => {
  const shop = useTestShop(kind, { users: true });

  const create = (payload: object, user: TestUser | null = shop.admin) =>
    shop.app.inject({ method: 'POST', url: '/api/admin/coupons', payload, headers: user ? bearer(user) : {} });
  const change = (id: string, payload: object) =>
    shop.app.inject({ method: 'PATCH', url: `/api/admin/coupons/${id}`, payload, headers: bearer(shop.admin) });
  const list = (url: string) => shop.app.inject({ method: 'GET', url, headers: bearer(shop.admin) });
  async function created(input: Partial<CouponInput> = {}): Promise<Coupon> {
    const answer = await create({ code: freshCode(), percentOff: 10, ...input });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  }
  const customerId = () => customerIdOf(shop.database.db, shop.customer);

  it('creates a code, in upper case, with its amount in cents and its limits, and lists it', async () => {
    const answer = await create({
      code: '  winter-sale_1 ',
      amountOff: 12.5,
      maxUses: 100,
      maxUsesPerCustomer: 1,
      minSubtotal: 49.99,
      validFrom: '2026-12-01T00:00:00Z',
      validUntil: '2027-01-01T00:00:00+01:00',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const coupon = answer.json();
    expect(coupon).toEqual({
      _id: expect.any(String),
      code: 'WINTER-SALE_1',
      percentOff: null,
      amountOff: 12.5,
      maxUses: 100,
      maxUsesPerCustomer: 1,
      minSubtotal: 49.99,
      validFrom: '2026-12-01T00:00:00.000Z',
      validUntil: '2026-12-31T23:00:00.000Z',
      disabled: false,
      uses: 0,
      createdAt: expect.any(String),
    });
    const [row] = await shop.database.db.select().from(coupons).where(eq(coupons.id, coupon._id));
    expect(row).toMatchObject({ amountOffCents: 1250, minSubtotalCents: 4999, createdBy: shop.admin.email });
    expect((await list('/api/admin/coupons?q=winter')).json()).toEqual([coupon]);
  });

  it('refuses a code taken already, whatever its case, and stores nothing', async () => {
    const code = freshCode('TAKEN');
    await created({ code });
    const again = await create({ code: code.toLowerCase(), amountOff: 3 });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', message: `A coupon with the code ${code} exists already` });
    expect(await shop.database.db.select().from(coupons).where(eq(coupons.code, code))).toHaveLength(1);
  });

  it.each([
    ['no code', { percentOff: 10 }, 'Code'],
    ['a code too short', { code: 'AB', percentOff: 10 }, 'Code must be at least 3 characters'],
    ['a code too long', { code: 'A'.repeat(33), percentOff: 10 }, 'Code can be at most 32 characters'],
    ['a code with spaces', { code: 'TEN OFF', percentOff: 10 }, 'Code can hold letters, digits, - and _ only'],
    ['neither percent nor amount', { code: 'NOTHING' }, 'give exactly one of the two'],
    ['both percent and amount', { code: 'BOTH', percentOff: 10, amountOff: 5 }, 'give exactly one of the two'],
    ['0%', { code: 'ZERO', percentOff: 0 }, 'Percent off must be at least 1'],
    ['101%', { code: 'MORE', percentOff: 101 }, 'Percent off can be at most 100'],
    ['a fraction of a cent off', { code: 'CENT', amountOff: 0.005 }, 'Amount off must be at least $0.01'],
    ['three decimals', { code: 'DECIMALS', amountOff: 1.234 }, 'Amount off can have at most two decimals'],
    ['no uses', { code: 'NOUSES', percentOff: 5, maxUses: 0 }, 'Most uses must be at least 1'],
    ['half a use per customer', { code: 'HALF', percentOff: 5, maxUsesPerCustomer: 1.5 }, 'Most uses per customer must be a whole number'],
    ['an end before its start', { code: 'BACKWARDS', percentOff: 5, validFrom: '2027-01-01T00:00:00Z', validUntil: '2026-01-01T00:00:00Z' }, 'Valid until must be later than valid from'],
    ['a date that is none', { code: 'NODATE', percentOff: 5, validUntil: 'tomorrow' }, 'Valid until must be a date and time'],
  ])('refuses a coupon with %s in words and stores nothing', async (_case, payload, words) => {
    const before = await shop.database.db.select().from(coupons);
    const answer = await create(payload);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toContain(words);
    expect(await shop.database.db.select().from(coupons)).toEqual(before);
  });

  it('pages the list newest first with a cursor, and finds codes by their start', async () => {
    const prefix = freshCode('PAGED');
    for (let index = 0; index < 5; index += 1) await created({ code: `${prefix}-${index}` });
    const codes: string[] = [];
    let url: string | undefined = `/api/admin/coupons?limit=2&q=${prefix.toLowerCase()}`;
    while (url) {
      const answer = await list(url);
      expect(answer.statusCode, answer.body).toBe(200);
      const page: Coupon[] = answer.json();
      expect(page.length).toBeLessThanOrEqual(2);
      codes.push(...page.map((coupon) => coupon.code));
      const link = answer.headers.link as string | undefined;
      url = nextCursorFromLink(link) === undefined ? undefined : link!.slice(link!.indexOf('<') + 1, link!.indexOf('>'));
    }
    expect(codes).toEqual([4, 3, 2, 1, 0].map((index) => `${prefix}-${index}`));
    // A search is a prefix, taken literally: "_" is no wildcard.
    expect((await list(`/api/admin/coupons?q=${prefix.slice(1)}`)).json()).toEqual([]);
    expect((await list('/api/admin/coupons?q=%25')).json()).toEqual([]);
  });

  it('disables and enables a code and changes its limits and dates, never its code', async () => {
    const coupon = await created({ maxUses: 3 });
    const disabled = await change(coupon._id, { disabled: true, maxUses: null, minSubtotal: 20, validUntil: '2030-01-01T00:00:00Z' });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ code: coupon.code, disabled: true, maxUses: null, minSubtotal: 20, validUntil: '2030-01-01T00:00:00.000Z' });
    expect((await change(coupon._id, { disabled: false })).json()).toMatchObject({ disabled: false, minSubtotal: 20 });
    // A change that names nothing is the coupon as it stands (it answered 500: an UPDATE of no column).
    const nothing = await change(coupon._id, {});
    expect(nothing.statusCode, nothing.body).toBe(200);
    expect(nothing.json()).toMatchObject({ disabled: false, minSubtotal: 20 });

    const renamed = await change(coupon._id, { code: 'OTHER' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toContain("A coupon's code cannot change");
    expect((await change(coupon._id, { percentOff: 50 })).json().message).toContain("A coupon's discount cannot change");
    const backwards = await change(coupon._id, { validFrom: '2031-01-01T00:00:00Z' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('Valid until must be later than valid from');
    expect((await change('not-an-id', { disabled: true })).statusCode).toBe(404);
    expect((await change('00000000-0000-4000-8000-000000000000', { disabled: true })).statusCode).toBe(404);
  });

  it('takes a use for a customer, held for a while, and gives it back once', async () => {
    const coupon = await created({ code: freshCode('Take'), maxUses: 2 });
    const now = new Date();
    const { taken } = await take(shop.database.db, coupon.code.toLowerCase(), await customerId(), 1000, now);
    expect(taken).toEqual({ useId: expect.any(String), couponId: coupon._id, code: coupon.code, percentOff: 10, amountOffCents: null });
    const usesListed = async () => (await list(`/api/admin/coupons?q=${coupon.code}`)).json()[0].uses;
    expect(await usesListed()).toBe(1);
    expect(await shop.database.db.select().from(couponUses).where(eq(couponUses.couponId, coupon._id))).toMatchObject([
      { customerId: await customerId(), orderId: null, heldUntil: new Date(now.getTime() + HOLD_MS) },
    ]);
    // A hold is no paid use: the coupon's own count waits for the payment.
    expect((await shop.database.db.select().from(coupons).where(eq(coupons.id, coupon._id)))[0]!.uses).toBe(0);

    expect(await shop.database.db.transaction((tx) => giveBackCouponUse(tx, taken!.useId))).toBe(true);
    expect(await shop.database.db.transaction((tx) => giveBackCouponUse(tx, taken!.useId))).toBe(false);
    expect(await usesListed()).toBe(0);
  });

  it('refuses every code a customer never used in one and the same words, whatever the reason, and takes no use', async () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const me = await customerId();
    const other = await customerIdOf(shop.database.db, await registerUser(shop));
    const refusal = async (input: Partial<CouponInput>, subtotalCents = 10_000, at = now) => {
      const coupon = await created(input);
      const result = await take(shop.database.db, coupon.code, me, subtotalCents, at);
      expect(await shop.database.db.select().from(couponUses).where(eq(couponUses.couponId, coupon._id))).toEqual([]);
      return result.refused;
    };
    const oneRefusal = { code: 'coupon_unavailable', status: 422, message: 'This code cannot be used.' };
    expect((await take(shop.database.db, 'NO-SUCH-CODE', me, 100)).refused).toEqual(oneRefusal);
    expect(await refusal({ validFrom: '2026-07-01T00:00:00Z' })).toEqual(oneRefusal);
    expect(await refusal({ validUntil: '2026-06-15T12:00:00Z' })).toEqual(oneRefusal);
    const off = await created();
    await change(off._id, { disabled: true });
    expect((await take(shop.database.db, off.code.toLowerCase(), me, 100)).refused).toEqual(oneRefusal);
    const usedUp = await created({ maxUses: 1 });
    expect((await take(shop.database.db, usedUp.code, other, 100)).taken).toBeDefined();
    expect((await take(shop.database.db, usedUp.code, me, 100)).refused).toEqual(oneRefusal);
    // A code that applies to a larger order says so: it is as good as known once it applies.
    expect(await refusal({ code: 'MINIMUM', minSubtotal: 100.01 })).toMatchObject({
      code: 'coupon_below_minimum',
      message: 'The code MINIMUM applies to orders from $100.01',
    });
    // Valid from its first moment until (not including) its last; the minimum itself is enough.
    expect((await take(shop.database.db, (await created({ validFrom: now.toISOString(), minSubtotal: 100 })).code, me, 10_000, now)).taken).toBeDefined();
  });

  it('tells a customer who used a code why it no longer applies to them', async () => {
    const db = shop.database.db;
    const me = await customerId();
    const usedOnce = async (input: Partial<CouponInput>, at = new Date('2026-06-15T12:00:00Z')) => {
      const coupon = await created(input);
      const { taken } = await take(db, coupon.code, me, 10_000, at);
      expect(taken).toBeDefined();
      return coupon;
    };
    const ended = await usedOnce({ code: freshCode('ENDED'), validUntil: '2026-07-01T00:00:00Z' });
    expect((await take(db, ended.code, me, 10_000, new Date('2026-07-01T00:00:00Z'))).refused).toMatchObject({ code: 'coupon_expired', message: `The code ${ended.code} has expired` });
    const early = await usedOnce({ code: freshCode('EARLY'), validFrom: '2026-06-01T00:00:00Z' });
    expect((await take(db, early.code, me, 10_000, new Date('2026-05-01T00:00:00Z'))).refused).toMatchObject({ code: 'coupon_not_yet_valid', message: `The code ${early.code} is not valid yet` });
    const off = await usedOnce({ code: freshCode('OFF') });
    await change(off._id, { disabled: true });
    expect((await take(db, off.code, me, 10_000)).refused).toMatchObject({ code: 'coupon_disabled', message: `The code ${off.code} is no longer offered` });
  });

  it('refuses a code used up, and one used up for this customer while others may still use it', async () => {
    const db = shop.database.db;
    const other = await customerIdOf(db, await registerUser(shop));
    const third = await customerIdOf(db, await registerUser(shop));
    const me = await customerId();

    const once = await created({ code: 'ONCE', maxUses: 1 });
    const mineOfOnce = (await take(db, once.code, me, 100)).taken!;
    expect((await take(db, once.code, other, 100)).refused).toMatchObject({ code: 'coupon_unavailable', message: 'This code cannot be used.' });
    // Its holder is told why: their unpaid order holds it (a second one may not).
    expect((await take(db, once.code, me, 100)).refused).toMatchObject({ code: 'coupon_held_by_you', message: 'An unpaid order of yours already uses the code ONCE: pay for it or cancel it first' });
    // Paid for, it is the holder's use; asked again, they are told the code is used up.
    expect(await db.transaction((tx) => keepCouponUse(tx, mineOfOnce.useId))).toBeUndefined();
    expect((await take(db, once.code, me, 100)).refused).toMatchObject({ code: 'coupon_used_up', message: 'The code ONCE has been used as often as it may be' });

    const mine = await created({ code: 'ONCE-EACH', maxUsesPerCustomer: 1 });
    const first = (await take(db, mine.code, me, 100)).taken!;
    expect((await take(db, mine.code, me, 100)).refused).toMatchObject({ code: 'coupon_used_up_for_you', message: 'You have used the code ONCE-EACH as often as it may be used' });
    expect((await take(db, mine.code, other, 100)).taken).toBeDefined();
    expect((await list(`/api/admin/coupons?q=${mine.code}`)).json()[0].uses).toBe(2);
    // Given back (the unpaid order was cancelled), the customer may use it again.
    await db.transaction((tx) => giveBackCouponUse(tx, first.useId));
    const again = (await take(db, mine.code, me, 100)).taken!;
    // Lapsed, the hold counts no more: the customer may use it again, and the lapsed order cannot take it back at payment.
    const later = new Date(Date.now() + HOLD_MS + 1000);
    const renewed = (await take(db, mine.code, me, 100, later)).taken!;
    expect(await db.transaction((tx) => keepCouponUse(tx, again.useId, later))).toMatchObject({ code: 'coupon_hold_lapsed', status: 409 });
    expect(await db.transaction((tx) => keepCouponUse(tx, renewed.useId, later))).toBeUndefined();
    expect((await take(db, mine.code, third, 100)).taken).toBeDefined();
  });
});

describe.each(testDatabaseKinds)('coupon holds of unpaid orders on $name', (kind) => {
  const shop = useTestShop(kind, { users: true });
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
    shop.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user ? bearer(user) : {} });
  const coupon = async (payload: Partial<CouponInput>) => {
    const made = await call('POST', '/api/admin/coupons', shop.admin, { code: freshCode('HOLD'), amountOff: 5, ...payload });
    expect(made.statusCode, made.body).toBe(200);
    return made.json() as Coupon;
  };
  const purchase = (user: TestUser, tool: Tool, couponCode: string) =>
    call('POST', '/api/purchased', user, { toolId: tool._id, quantity: 1, phone: '5550100', address: '1 Circuit Road', couponCode });
  const placed = async (user: TestUser, tool: Tool, couponCode: string) => {
    const answer = await purchase(user, tool, couponCode);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().insertedId as string;
  };
  const quote = (user: TestUser, tool: Tool, couponCode: string) => call('POST', '/api/checkout/quote', user, { country: 'US', couponCode, lines: [{ toolId: tool._id, quantity: 1 }] });
  const intentFor = (user: TestUser, orderId: string) => call('POST', '/api/create-payment-intent', user, { orderId });
  const confirm = (clientSecret: string) => call('POST', '/api/payments/builtin/confirm', null, { clientSecret, card: card('4242424242424242') });
  const usesListed = async (code: string) => (await call('GET', `/api/admin/coupons?q=${code}`, shop.admin)).json()[0].uses as number;
  const orderOf = async (user: TestUser, orderId: string) => (await call('GET', `/api/purchasedSingle/${orderId}`, user)).json();
  /** The hold of the order's use ends now: as if COUPON_HOLD_MINUTES had passed. */
  const lapse = async (orderId: string) => {
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    await shop.database.db.update(couponUses).set({ heldUntil: new Date(Date.now() - 1000) }).where(eq(couponUses.id, order!.pricing!.couponUseId!));
  };
  const oneRefusal = { error: 'coupon_unavailable', message: 'This code cannot be used.' };

  it("holds a limited code's use for COUPON_HOLD_MINUTES; lapsed, another customer takes it and the holder's payment is refused in words before charging", async () => {
    const holder = await registerUser(shop);
    const other = await registerUser(shop);
    const tool = await freshTool(shop, 50, 1, 40);
    const { code } = await coupon({ maxUses: 1 });
    const before = Date.now();
    const held = await placed(holder, tool, code);
    const [use] = await shop.database.db.select().from(couponUses).innerJoin(coupons, eq(coupons.id, couponUses.couponId)).where(eq(coupons.code, code));
    expect(use!.coupon_uses.heldUntil!.getTime()).toBeGreaterThanOrEqual(before + HOLD_MS);
    expect(use!.coupon_uses.heldUntil!.getTime()).toBeLessThanOrEqual(Date.now() + HOLD_MS);
    // The use names its order (taken while the order was priced, before it had an id).
    expect(use!.coupon_uses.orderId).toBe(held);
    expect(await usesListed(code)).toBe(1);
    // While the hold is live, the code is used up for everyone else.
    expect((await quote(other, tool, code)).json()).toEqual(oneRefusal);
    expect((await purchase(other, tool, code)).json()).toEqual(oneRefusal);
    // The holder asks for the card form in time; the hold lapses before they pay.
    const intent = await intentFor(holder, held);
    expect(intent.statusCode, intent.body).toBe(200);
    await lapse(held);
    expect(await usesListed(code)).toBe(0);
    const taken = await placed(other, tool, code);
    expect(await usesListed(code)).toBe(1);

    const refusal = { error: 'coupon_hold_lapsed', message: couponMessages.holdLapsed(code) };
    const paying = await confirm(intent.json().clientSecret);
    expect(paying.statusCode, paying.body).toBe(409);
    expect(paying.json()).toEqual(refusal);
    expect(await orderOf(holder, held)).toMatchObject({ status: 'unpaid', cancelled: false });
    expect((await shop.database.db.select().from(coupons).where(eq(coupons.code, code)))[0]!.uses).toBe(0);
    // Asked again, the card form is refused in the same words.
    const again = await intentFor(holder, held);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual(refusal);
    // The one who took the use over pays for it.
    const theirs = await intentFor(other, taken);
    expect((await confirm(theirs.json().clientSecret)).statusCode).toBe(200);
    expect(await orderOf(other, taken)).toMatchObject({ status: 'paid', couponCode: code });
    expect((await shop.database.db.select().from(coupons).where(eq(coupons.code, code)))[0]!.uses).toBe(1);
    expect(await usesListed(code)).toBe(1);
  });

  it('lets a holder whose hold lapsed pay while the code has a use free, taking it again as a paid use', async () => {
    const holder = await registerUser(shop);
    const others = [await registerUser(shop), await registerUser(shop)];
    const tool = await freshTool(shop, 50, 1, 40);
    const { code } = await coupon({ maxUses: 2 });
    const held = await placed(holder, tool, code);
    await lapse(held);
    const intent = await intentFor(holder, held);
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json().amount).toBe(35);
    expect((await confirm(intent.json().clientSecret)).statusCode).toBe(200);
    expect(await orderOf(holder, held)).toMatchObject({ status: 'paid', couponDiscount: 5 });
    expect((await shop.database.db.select().from(coupons).where(eq(coupons.code, code)))[0]!.uses).toBe(1);
    // One use is left: one hold takes it, the next customer is refused.
    await placed(others[0]!, tool, code);
    expect((await purchase(others[1]!, tool, code)).json()).toEqual(oneRefusal);
  });

  it('lets one unpaid order per customer hold a use of a limited code, and another once it is paid, cancelled or lapsed', async () => {
    const buyer = await registerUser(shop);
    const tool = await freshTool(shop, 50, 1, 40);
    const { code } = await coupon({ maxUses: 5 });
    const heldByYou = { error: 'coupon_held_by_you', message: couponMessages.heldByYou(code) };
    const first = await placed(buyer, tool, code);
    for (const answer of [await purchase(buyer, tool, code), await quote(buyer, tool, code)]) {
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json()).toEqual(heldByYou);
    }
    expect(await usesListed(code)).toBe(1);
    // Cancelled, its use is given back and the next order may hold one.
    expect((await call('DELETE', `/api/purchasedSingle/${first}`, buyer)).statusCode).toBe(200);
    const second = await placed(buyer, tool, code);
    expect((await purchase(buyer, tool, code)).json()).toEqual(heldByYou);
    // Paid, it holds nothing any more.
    const intent = await intentFor(buyer, second);
    expect((await confirm(intent.json().clientSecret)).statusCode).toBe(200);
    const third = await placed(buyer, tool, code);
    // Lapsed, it holds nothing either.
    await lapse(third);
    await placed(buyer, tool, code);
    expect(await usesListed(code)).toBe(2);
  });

  it('holds no use of a code without a most uses: one customer may have several unpaid orders with it', async () => {
    const buyer = await registerUser(shop);
    const tool = await freshTool(shop, 50, 1, 40);
    const { code } = await coupon({});
    await placed(buyer, tool, code);
    await placed(buyer, tool, code);
  });
});

const WRONG_CODES_PER_HOUR = 3;
const redisUrl = process.env.TEST_REDIS_URL;

/** The limit on wrong codes, counted in this instance's memory and, with TEST_REDIS_URL, in Redis (as instances share it). */
describe.each([{ counted: 'in memory' }, ...(redisUrl ? [{ counted: 'in Redis' }] : [])])('the limit on wrong coupon codes, counted $counted', ({ counted }) => {
  let redis: RedisLink | undefined;
  beforeAll(async () => {
    if (counted === 'in Redis') redis = connectRedis(redisUrl!, createLogger('silent'));
  });
  afterAll(() => redis?.disconnect());
  const shop = useTestShop(oneDatabaseKind, () => ({ users: true, redis, environment: { WRONG_COUPON_CODES_PER_HOUR: String(WRONG_CODES_PER_HOUR) } }));
  // Addresses of this run only: a Redis shared with other runs keeps their counts for an hour.
  const run = Math.floor(Math.random() * 250) + 1;
  let addresses = 0;
  const newAddress = () => `10.${run}.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;
  let tool: Tool;
  let code: string;
  beforeAll(async () => {
    tool = await freshTool(shop, 1000, 1, 40);
    const made = await shop.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: bearer(shop.admin), payload: { code: freshCode('GOOD'), percentOff: 10 } });
    code = made.json().code;
  });
  const from = (user: TestUser, address: string) => {
    const send = (url: string, payload: object) => shop.app.inject({ method: 'POST', url, payload, headers: bearer(user), remoteAddress: address });
    return {
      quote: (couponCode?: string) => send('/api/checkout/quote', { country: 'US', couponCode, lines: [{ toolId: tool._id, quantity: 1 }] }),
      purchase: (couponCode: string) => send('/api/purchased', { toolId: tool._id, quantity: 1, phone: '5550100', address: '1 Circuit Road', couponCode }),
      checkout: (couponCode: string) => send('/api/checkout', { country: 'US', phone: '5550100', address: '1 Circuit Road', couponCode }),
    };
  };
  const guess = () => `GUESS-${Math.random().toString(36).slice(2, 10)}`.toUpperCase();
  const wrong = { error: 'coupon_unavailable', message: 'This code cannot be used.' };
  const expectTooMany = (answer: Awaited<ReturnType<ReturnType<typeof from>['quote']>>) => {
    expect(answer.statusCode, answer.body).toBe(429);
    expect(answer.json()).toEqual({ error: 'too_many_requests', message: couponMessages.tooManyWrongCodes('60 minutes') });
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(3500);
  };

  it('refuses any code with 429 in words after WRONG_COUPON_CODES_PER_HOUR wrong ones from one account, wherever it asks from; codes that apply never count', async () => {
    const guesser = await registerUser(shop);
    const home = from(guesser, newAddress());
    for (let i = 0; i < 5; i += 1) expect((await home.quote(code)).statusCode).toBe(200);
    for (let i = 0; i < WRONG_CODES_PER_HOUR; i += 1) expect((await home.quote(guess())).json()).toEqual(wrong);
    // Now every code is refused before it is looked at: a right one cannot be told from a wrong one.
    expectTooMany(await home.quote(code));
    expectTooMany(await home.quote(guess()));
    expectTooMany(await home.purchase(code));
    expectTooMany(await home.checkout(guess()));
    expectTooMany(await from(guesser, newAddress()).quote(code));
    // Without a code the quote is answered as ever, and another account is not held back.
    expect((await home.quote()).statusCode).toBe(200);
    expect((await from(await registerUser(shop), newAddress()).quote(code)).statusCode).toBe(200);
  });

  it('counts the wrong codes of every account at one client address together, and those of placing orders with the quote', async () => {
    const address = newAddress();
    const wrongAt = async () => {
      const caller = from(await registerUser(shop), address);
      expect((await caller.purchase(guess())).json()).toEqual(wrong);
    };
    for (let i = 0; i < WRONG_CODES_PER_HOUR; i += 1) await wrongAt();
    const late = await registerUser(shop);
    expectTooMany(await from(late, address).quote(code));
    expect((await from(late, newAddress()).quote(code)).statusCode).toBe(200);
  });

  it('counts a burst of guesses sent at once as if sent one by one', async () => {
    const caller = from(await registerUser(shop), newAddress());
    const answers = await Promise.all(Array.from({ length: 12 }, () => caller.quote(guess())));
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(WRONG_CODES_PER_HOUR);
    for (const answer of answers.filter((one) => one.statusCode !== 422)) expectTooMany(answer);
  });
});

describeRaces('racing checkouts on one coupon code', (kind) => {
  const shop = useTestShop(kind, { users: true });
  const CUSTOMERS = 50;
  let customers: string[] = [];
  beforeAll(async () => {
    const users = await Promise.all(Array.from({ length: CUSTOMERS }, () => registerUser(shop)));
    customers = await Promise.all(users.map((user) => customerIdOf(shop.database.db, user)));
  });
  const made = async (payload: object) => {
    const answer = await shop.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: bearer(shop.admin), payload });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Coupon;
  };
  /** Uses that count now: paid for, and holds not lapsed. */
  const usesCounting = async (code: string) => {
    const [row] = await shop.database.db.select().from(coupons).where(eq(coupons.code, code));
    const holds = await shop.database.db.select().from(couponUses).where(eq(couponUses.couponId, row!.id));
    return row!.uses + holds.filter((use) => use.heldUntil !== null && use.heldUntil > new Date()).length;
  };

  it(`takes exactly 5 uses of a 5-use code when ${CUSTOMERS} customers ask 10 times each at once, one per customer`, async () => {
    const db = shop.database.db;
    await made({ code: 'FIVE-ONLY', amountOff: 5, maxUses: 5 });
    const results = await Promise.all(Array.from({ length: CUSTOMERS * 10 }, (_, i) => take(db, 'FIVE-ONLY', customers[i % CUSTOMERS]!, 10_000)));
    const taken = results.filter((result) => result.taken);
    expect(taken).toHaveLength(5);
    expect(new Set(results.filter((result) => result.refused).map((result) => result.refused!.code))).toEqual(new Set(['coupon_unavailable', 'coupon_held_by_you']));
    const [row] = await db.select().from(coupons).where(eq(coupons.code, 'FIVE-ONLY'));
    const uses = await db.select().from(couponUses).where(eq(couponUses.couponId, row!.id));
    expect(uses).toHaveLength(5);
    expect(new Set(uses.map((use) => use.customerId)).size).toBe(5);
    expect(await usesCounting('FIVE-ONLY')).toBe(5);
  });

  it('takes one use per customer of a once-each code when one customer races 50 checkouts', async () => {
    const db = shop.database.db;
    await made({ code: 'ONCE-EACH-RACE', percentOff: 5, maxUsesPerCustomer: 1 });
    const results = await Promise.all(Array.from({ length: 50 }, () => take(db, 'ONCE-EACH-RACE', customers[0]!, 10_000)));
    expect(results.filter((result) => result.taken)).toHaveLength(1);
    expect(await usesCounting('ONCE-EACH-RACE')).toBe(1);
  });

  it('never counts more than 5 uses of a 5-use code when lapsed holds are paid for while others take them over, in 5 trials', async () => {
    const db = shop.database.db;
    for (let trial = 0; trial < 5; trial += 1) {
      const { code } = await made({ code: `LAPSED-RACE-${trial}`, amountOff: 5, maxUses: 5 });
      const holders = customers.slice(0, 5);
      const held = await Promise.all(holders.map(async (holder) => (await take(db, code, holder, 10_000)).taken!));
      await db.update(couponUses).set({ heldUntil: new Date(Date.now() - 1000) }).where(inArray(couponUses.id, held.map((use) => use.useId)));
      // The five holders pay while the other customers, four times each, take the uses over.
      const payments = held.map((use) => db.transaction((tx) => keepCouponUse(tx, use.useId)));
      const takes = Array.from({ length: (CUSTOMERS - 5) * 4 }, (_, i) => take(db, code, customers[5 + (i % (CUSTOMERS - 5))]!, 10_000));
      const [paid, taken] = await Promise.all([Promise.all(payments), Promise.all(takes)]);
      const paidFor = paid.filter((refused) => refused === undefined).length;
      const heldNow = taken.filter((result) => result.taken).length;
      expect(paidFor + heldNow, `trial ${trial}`).toBe(5);
      for (const refused of paid.filter((one) => one !== undefined)) expect(refused).toMatchObject({ code: 'coupon_hold_lapsed' });
      const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
      expect(row!.uses).toBe(paidFor);
      expect(await usesCounting(code)).toBe(5);
    }
  });
});
