import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { checkoutMessages } from '@voltline/shared/checkout';
import { authUsers, cartLines, couponUses, coupons, orders, tools } from '../db/schema.ts';
import type { TestShop } from '../test-support/test-app.ts';
import { describeRaces, RACE_TRIALS } from '../test-support/test-databases.ts';
import { card, newToolRow } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

/**
 * Checkouts racing each other (issues 28 and 29), through the real routes, on PostgreSQL, where the
 * transactions run at once and a missing lock loses the race. On PGlite they would queue on its one
 * connection and could not lose it (describeRaces); checkout.test.ts runs every checkout path there,
 * which is where a read through the pool inside the order's transaction would hang the shop. Each
 * trial resets the stock and fills the carts by SQL, so that its time goes to the race itself.
 */

/**
 * The issue asks for 1,000 trials: RACE_TRIALS=1000 runs them (green on PostgreSQL in 379 s and
 * 664 s on two cores shared at load 15-23); every trial is the same race.
 */
const TRIALS = RACE_TRIALS;
/**
 * The trials run in lanes side by side (each its own customers and tools), which keeps the pool
 * busy while a lane waits on its answers.
 */
const LANES = 4;
const CUSTOMERS = 6;
const CHECKOUTS_ON_ONE_CODE = 500;
const CUSTOMERS_ON_ONE_CODE = 10;
const DELIVERY = { phone: '5550100', address: '1 Circuit Road', country: 'US' };

const userIdOf = async (shop: TestShop, user: TestUser) =>
  (await shop.database.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, user.email)))[0]!.id;

/** A tool's row written straight to the database, answered as stored (prices in cents, for the carts below). */
async function storedToolRow(shop: TestShop, availableQuantity: number, price: number) {
  const [row] = await shop.database.db.insert(tools).values(newToolRow({ availableQuantity, price })).returning();
  return row!;
}
type ToolRow = Awaited<ReturnType<typeof storedToolRow>>;

/** Puts these lines in these carts, as the cart's PUT leaves them, in one statement. */
async function fillCarts(shop: TestShop, carts: { userId: string; lines: { tool: ToolRow; quantity: number }[] }[]) {
  await shop.database.db
    .insert(cartLines)
    .values(
      carts.flatMap(({ userId, lines }) =>
        lines.map(({ tool, quantity }) => ({ userId, toolId: tool.id, quantity, addedUnitPriceCents: tool.priceCents, toolName: tool.toolName, img: tool.img })),
      ),
    )
    .onConflictDoUpdate({ target: [cartLines.userId, cartLines.toolId], set: { quantity: sql`excluded.quantity` } });
}

// Races run on PostgreSQL only, as every race suite of the shop (describeRaces says why).
describeRaces('racing checkouts', (kind) => {
  const shop = useTestShop(kind, { users: true });
  const checkout = (user: TestUser, body: object = {}) =>
    shop.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(user), payload: { ...DELIVERY, ...body } });

  /**
   * Checks out the buyer's cart and pays it at once, as the checkout page does: the checkout and the
   * payment through their routes, the card form's intent written straight from the order (its
   * amount is the order's total, as create-payment-intent writes it: checkout.test.ts) to keep the
   * trials quick.
   */
  async function checkOutAndPay(user: TestUser) {
    const placed = await checkout(user);
    if (placed.statusCode !== 200) return { placed };
    const orderId: string = placed.json().insertedId;
    const intentId = `pi_test_${orderId.replaceAll('-', '')}`;
    await shop.database.db.execute(sql`
      insert into payment_intents (id, order_id, provider, amount_cents, client_secret, status)
      select ${intentId}, id, 'builtin', price_cents, ${`${intentId}_secret_race`}, 'requires_payment_method' from orders where id = ${orderId}`);
    const paid = await shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret: `${intentId}_secret_race`, card: card('4242424242424242') } });
    return { placed, orderId, paid };
  }

  const trials = TRIALS;
  const lanes = LANES;
  const checkoutsOnOneCode = CHECKOUTS_ON_ONE_CODE;

  /** `trialCount` trials on customers and tools of the lane's own, so that lanes run side by side. */
  async function raceLane(trialCount: number) {
    const db = shop.database.db;
    const buyers = await Promise.all(Array.from({ length: CUSTOMERS }, () => registerUser(shop)));
    const userIds = await Promise.all(buyers.map((buyer) => userIdOf(shop, buyer)));
    const scarce = await storedToolRow(shop, 1, 2);
    const plenty = await storedToolRow(shop, 1000, 3);
    let ordersPlaced = 0;
    for (let trial = 0; trial < trialCount; trial += 1) {
      // 3 to 7 units of the scarce tool; the carts ask 1 to 3 each, 12 in all.
      const stock = 3 + (trial % 5);
      const asks = buyers.map((_, i) => 1 + ((trial + i) % 3));
      await db
        .update(tools)
        .set({ availableQuantity: sql`case when ${tools.id} = ${scarce.id} then ${stock} else 1000 end`, promisedQuantity: 0 })
        .where(inArray(tools.id, [scarce.id, plenty.id]));
      await db.delete(cartLines).where(inArray(cartLines.userId, userIds));
      await fillCarts(shop, userIds.map((userId, i) => ({ userId, lines: [{ tool: plenty, quantity: 1 + i }, { tool: scarce, quantity: asks[i]! }] })));

      const outcomes = await Promise.all(buyers.map(checkOutAndPay));

      const paid = outcomes.flatMap((outcome, i) => (outcome.paid?.statusCode === 200 ? [i] : []));
      for (const outcome of outcomes) {
        // A checkout refused because others paid for the last units first: the cart says so (409),
        // or the order's own check does (422); a payment refused for it: 409.
        expect([200, 409, 422], outcome.placed.body).toContain(outcome.placed.statusCode);
        if (outcome.paid) expect([200, 409], outcome.paid.body).toContain(outcome.paid.statusCode);
      }
      const counters = await db.select().from(tools).where(inArray(tools.id, [scarce.id, plenty.id]));
      const scarceRow = counters.find((row) => row.id === scarce.id)!;
      const plentyRow = counters.find((row) => row.id === plenty.id)!;
      // Never more units paid than exist, and the counters hold exactly the paid orders' lines: a
      // refused order (at checkout or at payment) holds none of its other tool's units.
      expect(scarceRow.promisedQuantity).toBeLessThanOrEqual(stock);
      expect(scarceRow.promisedQuantity).toBe(paid.reduce((sum, i) => sum + asks[i]!, 0));
      expect(plentyRow.promisedQuantity).toBe(paid.reduce((sum, i) => sum + 1 + i, 0));
      // A refused checkout wrote no order and kept its cart; a placed one emptied it.
      const carts = await db.select({ userId: cartLines.userId, lines: count() }).from(cartLines).where(inArray(cartLines.userId, userIds)).groupBy(cartLines.userId);
      outcomes.forEach((outcome, i) => {
        expect(carts.find((cart) => cart.userId === userIds[i])?.lines ?? 0).toBe(outcome.orderId ? 0 : 2);
      });
      ordersPlaced += outcomes.filter((outcome) => outcome.orderId).length;
      const [written] = await db.select({ orders: count() }).from(orders).where(inArray(orders.userId, userIds));
      expect(written!.orders).toBe(ordersPlaced);
    }
  }

  it(
    `${trials} trials of ${CUSTOMERS} customers checking out and paying carts that together ask for more of one tool than exists, plus a second tool`,
    { timeout: 1_800_000 },
    async () => {
      const started = performance.now();
      await Promise.all(Array.from({ length: lanes }, (_, lane) => raceLane(Math.floor(trials / lanes) + (lane < trials % lanes ? 1 : 0))));
      console.info(`${kind.name}: ${trials} checkout trials (${lanes} side by side) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    },
  );

  it(`takes exactly 5 uses of a 5-use code when ${checkoutsOnOneCode} checkouts ask at once, and places one order per cart`, { timeout: 600_000 }, async () => {
    const db = shop.database.db;
    const made = await shop.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: bearer(shop.admin), payload: { code: 'RACE-FIVE', amountOff: 5, maxUses: 5 } });
    expect(made.statusCode, made.body).toBe(200);
    const buyers = await Promise.all(Array.from({ length: CUSTOMERS_ON_ONE_CODE }, () => registerUser(shop)));
    const userIds = await Promise.all(buyers.map((buyer) => userIdOf(shop, buyer)));
    const tool = await storedToolRow(shop, 100_000, 20);
    await fillCarts(shop, userIds.map((userId) => ({ userId, lines: [{ tool, quantity: 1 }] })));
    const started = performance.now();
    // Each customer sends their cart's checkout many times at once: the code's uses and the carts both race.
    const answers = await Promise.all(
      Array.from({ length: checkoutsOnOneCode }, (_, i) => checkout(buyers[i % CUSTOMERS_ON_ONE_CODE]!, { couponCode: 'race-five' })),
    );
    const seconds = (performance.now() - started) / 1000;
    const placed = answers.filter((answer) => answer.statusCode === 200);
    expect(placed).toHaveLength(5);
    for (const answer of answers.filter((one) => one.statusCode !== 200)) {
      expect([
        // A buyer who never used the code is not told why; one whose other checkout holds it is.
        { status: 422, error: 'coupon_unavailable', message: 'This code cannot be used.' },
        { status: 422, error: 'coupon_held_by_you', message: 'An unpaid order of yours already uses the code RACE-FIVE: pay for it or cancel it first' },
        // One account's codes are judged one at a time, 16 waiting at most (http/rate-limits.ts).
        { status: 429, error: 'too_many_requests', message: 'You are trying many codes at once. Try again in 2 seconds.' },
        { status: 409, error: 'cart_empty', message: checkoutMessages.emptyCart },
      ]).toContainEqual({ status: answer.statusCode, ...answer.json() });
    }
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, 'RACE-FIVE'));
    // Five holds of unpaid orders, none paid for yet.
    expect(coupon!.uses).toBe(0);
    const [uses] = await db.select({ uses: count() }).from(couponUses).where(and(eq(couponUses.couponId, coupon!.id), isNotNull(couponUses.heldUntil)));
    expect(uses!.uses).toBe(5);
    // One order per cart at most, each with its use of the code.
    const written = await db.select().from(orders).where(inArray(orders.userId, userIds));
    expect(written).toHaveLength(5);
    expect(new Set(written.map((order) => order.userId)).size).toBe(5);
    expect(written.every((order) => order.pricing?.couponCode === 'RACE-FIVE' && order.pricing.couponUseId !== null)).toBe(true);
    const [emptied] = await db.select({ carts: count() }).from(cartLines).where(inArray(cartLines.userId, written.map((order) => order.userId!)));
    expect(emptied!.carts).toBe(0);
    console.info(`${kind.name}: ${checkoutsOnOneCode} checkouts on one code in ${seconds.toFixed(1)} s`);
  });
});
