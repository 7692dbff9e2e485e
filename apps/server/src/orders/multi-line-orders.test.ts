import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderQuantityMessages } from '@voltline/shared/order';
import type { Tool } from '@voltline/shared/tool';
import { authUsers, orders } from '../db/schema.ts';
import type { TestShop } from '../test-support/test-app.ts';
import { itRaces, RACE_TRIALS, testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { card, createIntent, freshTool, toolRow } from '../test-support/test-orders.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

/** The race's trials (RACE_TRIALS: 1,000 took 140 s on PostgreSQL). */
const TRIALS = RACE_TRIALS;
const CUSTOMERS = 6;

/** An order of several tools, through the lifecycle's own placement (what the coming checkout calls). */
async function placeLines(shop: TestShop, user: TestUser, lines: { tool: Tool; quantity: number }[]): Promise<string> {
  const [account] = await shop.database.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, user.email));
  const caller = { userId: account!.id, email: user.email, name: user.name, role: 'user' as const, roles: [], profileId: user.profileId, twoFactorEnabled: false };
  const placed = await shop.core.orders.placeOrderOfLines(caller, {
    lines: lines.map(({ tool, quantity }) => ({ toolId: tool._id, quantity })),
    phone: '5550100',
    address: '1 Circuit Road',
    pricing: { country: 'US' },
  });
  return placed.insertedId;
}

describe.each(testDatabaseKinds)('orders of several tools on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  const confirm = (clientSecret: string) =>
    shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret, card: card('4242424242424242') } });
  const pay = async (user: TestUser, orderId: string) => {
    const intent = await createIntent(shop, user, orderId);
    if (intent.statusCode !== 200) return intent;
    return confirm(intent.json().clientSecret);
  };
  const getOrder = async (orderId: string, user: TestUser = shop.customer) =>
    (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(user) })).json();

  it("answers every line, and the spec's fields as their summary, in the single order, My Orders and Manage All Orders", async () => {
    const drill = await freshTool(shop, 10, 1, 40);
    const battery = await freshTool(shop, 10, 2, 25);
    const bits = await freshTool(shop, 10, 1, 7);
    const orderId = await placeLines(shop, shop.customer, [
      { tool: drill, quantity: 1 },
      { tool: battery, quantity: 2 },
      { tool: bits, quantity: 3 },
    ]);
    const expected = {
      _id: orderId,
      toolId: drill._id,
      product: `${drill.toolName} and 2 more`,
      img: drill.img,
      quantity: 6,
      price: 40 + 50 + 21,
      status: 'unpaid',
      lines: [
        { toolId: drill._id, product: drill.toolName, img: drill.img, quantity: 1, unitPrice: 40, lineTotal: 40 },
        { toolId: battery._id, product: battery.toolName, img: battery.img, quantity: 2, unitPrice: 25, lineTotal: 50 },
        { toolId: bits._id, product: bits.toolName, img: bits.img, quantity: 3, unitPrice: 7, lineTotal: 21 },
      ],
    };
    expect(await getOrder(orderId)).toMatchObject(expected);
    const mine = (await shop.app.inject({ method: 'GET', url: '/api/purchased', headers: bearer(shop.customer) })).json();
    expect(mine.find((order: { _id: string }) => order._id === orderId)).toMatchObject(expected);
    const all = (await shop.app.inject({ method: 'GET', url: '/api/adminPurchased?limit=5', headers: bearer(shop.admin) })).json();
    expect(all.find((order: { _id: string }) => order._id === orderId)).toMatchObject(expected);
    // Another customer never sees it.
    const stranger = await registerUser(shop);
    expect((await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(stranger) })).statusCode).toBe(403);
  });

  it('refuses a placement whose one line breaks a rule, and writes nothing', async () => {
    const drill = await freshTool(shop, 10, 1, 40);
    const battery = await freshTool(shop, 3, 2, 25);
    const count = async () => (await shop.database.db.select({ id: orders.id }).from(orders)).length;
    const before = await count();
    await expect(placeLines(shop, shop.customer, [{ tool: drill, quantity: 1 }, { tool: battery, quantity: 1 }])).rejects.toThrow(
      `${battery.toolName}: ${orderQuantityMessages.tooFew(2)}`,
    );
    // Lines of one tool count together against what can be ordered.
    await expect(placeLines(shop, shop.customer, [{ tool: battery, quantity: 2 }, { tool: drill, quantity: 1 }, { tool: battery, quantity: 2 }])).rejects.toThrow(
      `${battery.toolName}: ${orderQuantityMessages.tooMany(3)}`,
    );
    const dear = await freshTool(shop, 100, 1, 500_000);
    await expect(placeLines(shop, shop.customer, [{ tool: dear, quantity: 1 }, { tool: dear, quantity: 1 }])).rejects.toThrow(
      orderQuantityMessages.totalOverOnePayment(1_000_000),
    );
    expect(await count()).toBe(before);
  });

  it('promises every line at payment, ships every line, and a full refund before shipping frees every line', async () => {
    const drill = await freshTool(shop, 10, 1, 40);
    const battery = await freshTool(shop, 10, 1, 25);
    const shipped = await placeLines(shop, shop.customer, [{ tool: drill, quantity: 2 }, { tool: battery, quantity: 3 }]);
    expect((await pay(shop.customer, shipped)).statusCode).toBe(200);
    expect((await toolRow(shop, drill._id)).promisedQuantity).toBe(2);
    expect((await toolRow(shop, battery._id)).promisedQuantity).toBe(3);
    const ship = await shop.app.inject({ method: 'PATCH', url: `/api/deliverConfirm/${shipped}`, headers: bearer(shop.admin), payload: {} });
    expect(ship.statusCode).toBe(200);
    expect(await toolRow(shop, drill._id)).toMatchObject({ availableQuantity: 8, promisedQuantity: 0 });
    expect(await toolRow(shop, battery._id)).toMatchObject({ availableQuantity: 7, promisedQuantity: 0 });

    const refunded = await placeLines(shop, shop.customer, [{ tool: drill, quantity: 1 }, { tool: battery, quantity: 1 }]);
    expect((await pay(shop.customer, refunded)).statusCode).toBe(200);
    const refund = (body: object) =>
      shop.app.inject({ method: 'POST', url: `/api/adminPurchased/${refunded}/refund`, headers: bearer(shop.admin), payload: body });
    expect((await refund({ amount: 10, reason: 'Scratched' })).json()).toEqual({ acknowledged: true, refundedAmount: 10, status: 'paid' });
    expect((await toolRow(shop, battery._id)).promisedQuantity).toBe(1);
    expect((await refund({ reason: 'Changed their mind' })).json()).toEqual({ acknowledged: true, refundedAmount: 65, status: 'refunded' });
    expect((await toolRow(shop, drill._id)).promisedQuantity).toBe(0);
    expect((await toolRow(shop, battery._id)).promisedQuantity).toBe(0);
    expect(await getOrder(refunded)).toMatchObject({ status: 'refunded', cancelled: true, lines: [{ quantity: 1 }, { quantity: 1 }] });
  });

  it('refuses a payment when one line is short, and promises none of the others', async () => {
    const drill = await freshTool(shop, 10, 1, 40);
    const battery = await freshTool(shop, 2, 1, 25);
    const first = await placeLines(shop, shop.customer, [{ tool: battery, quantity: 2 }]);
    const second = await placeLines(shop, shop.customer, [{ tool: drill, quantity: 4 }, { tool: battery, quantity: 1 }]);
    // The card form opens while both can be promised; the other order takes the battery first.
    const { clientSecret } = (await createIntent(shop, shop.customer, second)).json();
    expect((await pay(shop.customer, first)).statusCode).toBe(200);
    const refused = await confirm(clientSecret);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`${battery.toolName}: ${orderQuantityMessages.onlyLeft(0)}`);
    expect((await toolRow(shop, drill._id)).promisedQuantity).toBe(0);
    expect(await getOrder(second)).toMatchObject({ status: 'unpaid' });
  });

  it("cancels the unpaid orders holding a deleted tool in any line, and keeps the order's snapshot of it", async () => {
    const drill = await freshTool(shop, 10, 1, 40);
    const battery = await freshTool(shop, 10, 1, 25);
    const orderId = await placeLines(shop, shop.customer, [{ tool: drill, quantity: 1 }, { tool: battery, quantity: 1 }]);
    const deleted = await shop.app.inject({ method: 'DELETE', url: `/api/deleteTool/${battery._id}`, headers: bearer(shop.admin) });
    expect(deleted.statusCode).toBe(200);
    expect(await getOrder(orderId)).toMatchObject({
      cancelled: true,
      lines: [{ toolId: drill._id }, { toolId: null, product: battery.toolName }],
    });
  });

  it('cancels expired unpaid orders of several tools like any other', async () => {
    const drill = await freshTool(shop, 10, 1, 40);
    const battery = await freshTool(shop, 10, 1, 25);
    const orderId = await placeLines(shop, shop.customer, [{ tool: drill, quantity: 1 }, { tool: battery, quantity: 1 }]);
    await shop.core.adminOrders.cancelExpiredUnpaidOrders(1, new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));
    expect(await getOrder(orderId)).toMatchObject({ cancelled: true, status: 'unpaid' });
  });

  itRaces(kind)(
    `${TRIALS} trials of ${CUSTOMERS} customers paying orders of two tools that together ask for more of one than exists`,
    async () => {
      const db = shop.database.db;
      const buyers = await Promise.all(Array.from({ length: CUSTOMERS }, () => registerUser(shop)));
      for (let trial = 0; trial < TRIALS; trial += 1) {
        const scarce = await freshTool(shop, 3 + (trial % 5), 1, 2);
        const plenty = await freshTool(shop, 1000, 1, 3);
        const asks = buyers.map((_, i) => 1 + ((trial + i) % 3));
        const placed = await Promise.all(
          buyers.map((buyer, i) => placeLines(shop, buyer, [{ tool: plenty, quantity: 1 + i }, { tool: scarce, quantity: asks[i]! }])),
        );
        const secrets = await Promise.all(placed.map(async (orderId, i) => (await createIntent(shop, buyers[i]!, orderId)).json().clientSecret as string));
        const results = await Promise.all(secrets.map(confirm));
        expect(results.every((result) => result.statusCode === 200 || result.statusCode === 409)).toBe(true);
        const paid = await db.select().from(orders).where(inArray(orders.id, placed));
        const paidIndexes = placed.map((id, i) => (paid.find((order) => order.id === id)!.status === 'paid' ? i : -1)).filter((i) => i >= 0);
        const scarceRow = await toolRow(shop, scarce._id);
        const plentyRow = await toolRow(shop, plenty._id);
        // Never more units paid than exist; the counters hold exactly the paid orders' lines, so a
        // refused order holds none of its other tool's units.
        expect(scarceRow.promisedQuantity).toBeLessThanOrEqual(scarceRow.availableQuantity);
        expect(scarceRow.promisedQuantity).toBe(paidIndexes.reduce((sum, i) => sum + asks[i]!, 0));
        expect(plentyRow.promisedQuantity).toBe(paidIndexes.reduce((sum, i) => sum + 1 + i, 0));
        expect(paidIndexes.length).toBe(results.filter((result) => result.statusCode === 200).length);
      }
    },
    { timeout: 3_600_000 },
  );
});
