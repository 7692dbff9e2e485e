import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { orderEvents, orders, tools } from '../db/schema.ts';
import { describeRaces, RACE_TRIALS } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { card, createIntent, insertOneLineOrders, placeOrder, rawOrderRow } from '../test-support/test-orders.ts';
import { bearer } from '../test-support/test-users.ts';

// Fewer trials than the thousand this began with (RACE_TRIALS), each racing twice the pool's ten
// connections: every trial queues ships behind locked rows. 100 meet every stock level (trial % 41) twice.
const TRIALS = RACE_TRIALS;
const SHIPS_PER_TRIAL = 20;

/**
 * Many admins pressing Deliver at once on orders that compete for the last units of a tool:
 * stock must never go below zero and exactly the orders that fit must ship.
 */
describeRaces('shipping and payment races', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });

  it(`${TRIALS} trials of ${SHIPS_PER_TRIAL} concurrent ships for the last units`, { timeout: 300_000 }, async () => {
    const db = shop.database.db;
    for (let trial = 0; trial < TRIALS; trial += 1) {
      // Quantities 1..4 (50 units in all) and a stock that fits some of them, from a tenth to
      // almost all: which ones win is up to the race.
      const quantities = Array.from({ length: SHIPS_PER_TRIAL }, (_, i) => 1 + ((trial + i) % 4));
      const stock = 5 + (trial % 41);
      // Paid orders for more than the stock: a shop that oversold before payments promised stock.
      const promised = quantities.reduce((sum, quantity) => sum + quantity, 0);
      const [tool] = await db
        .insert(tools)
        .values({ toolName: `Race tool ${kind.name} ${trial}`, description: 'race', img: '/images/tools/jigsaw.svg', priceCents: 100, minimumOrderQuantity: 1, availableQuantity: stock, promisedQuantity: promised })
        .returning();
      const placed = await insertOneLineOrders(
        db,
        quantities.map((quantity, i) => rawOrderRow(tool!, quantity, { transactionId: `pi_race_${kind.name}_${trial}_${i}` })),
      );

      const results = await Promise.all(
        placed.map((order) => shop.app.inject({ method: 'PATCH', url: `/api/deliverConfirm/${order.id}`, headers: bearer(shop.admin), payload: {} })),
      );
      expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);

      const shipped = placed.filter((_, i) => results[i]!.statusCode === 200);
      const shippedUnits = shipped.reduce((sum, order) => sum + order.quantity, 0);
      const [after] = await db.select().from(tools).where(eq(tools.id, tool!.id));
      expect(after!.availableQuantity).toBe(stock - shippedUnits);
      expect(after!.promisedQuantity).toBe(promised - shippedUnits);
      expect(after!.availableQuantity).toBeGreaterThanOrEqual(0);
      // Every refused order could not have fitted in what was left.
      const refused = placed.filter((_, i) => results[i]!.statusCode === 409);
      expect(refused.every((order) => order.quantity > after!.availableQuantity)).toBe(true);
      const rows = await db.select().from(orders).where(inArray(orders.id, placed.map((order) => order.id)));
      expect(rows.filter((row) => row.delivery === 'shipped').map((row) => row.id).sort()).toEqual(shipped.map((order) => order.id).sort());
    }
  });

  it('100 trials of payment confirmations racing each other change each order once', { timeout: 300_000 }, async () => {
    // A seeded tool with plenty of stock (the race tools above are newer, sold out, and fill the first pages).
    const tool = (await shop.app.inject({ method: 'GET', url: '/api/getTools?q=Voltline' }))
      .json()
      .find((candidate: { toolName: string; availableQuantity: number; minimumOrderQuantity: number }) =>
        !candidate.toolName.startsWith('Race tool') && candidate.availableQuantity >= candidate.minimumOrderQuantity * 2);
    await shop.database.db.update(tools).set({ availableQuantity: 100_000 }).where(eq(tools.id, tool._id));
    for (let trial = 0; trial < 100; trial += 1) {
      const orderId = await placeOrder(shop, shop.customer, tool);
      const { clientSecret, paymentIntentId } = (await createIntent(shop, shop.customer, orderId)).json();
      const confirm = () => shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret, card: card('4242424242424242') } });
      const record = () =>
        shop.app.inject({ method: 'PATCH', url: `/api/purchasedSingle/${orderId}`, headers: bearer(shop.customer), payload: { transactionId: paymentIntentId, delivery: 'pending' } });
      const results = await Promise.all([confirm(), confirm(), record(), confirm(), record()]);
      // A record that arrives before any confirmation is refused (not yet paid); nothing else fails.
      expect(results.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
      const events = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
      expect(events.filter((event) => event.type === 'paid')).toHaveLength(1);
    }
  });
});
