import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { firstTool, placeOrder, placePaidOrder } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer } from '../test-support/test-users.ts';

/**
 * An order reads the same wherever it leaves the shop: the API, and the webhook payloads, whether
 * PostgreSQL builds them inside the placing statement (orderJson) or the server does (toOrderDto).
 */
describe.each(testDatabaseKinds)('one order shape on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true, environment: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  beforeAll(async () => {
    const endpoint = await shop.app.inject({
      method: 'POST',
      url: '/api/webhook-endpoints',
      headers: bearer(shop.admin),
      payload: { url: 'http://127.0.0.1:9/hooks', events: ['order.placed', 'order.paid'] },
    });
    expect(endpoint.statusCode).toBe(200);
  });

  const apiOrder = async (orderId: string) =>
    (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(shop.customer) })).json();
  const payloadOrder = async (eventType: string, orderId: string) => {
    const [row] = await shop.database.db
      .select({ payload: notifications.payload })
      .from(notifications)
      .where(and(eq(notifications.eventType, eventType), eq(notifications.channel, 'webhook'), sql`${notifications.payload} -> 'data' -> 'order' ->> '_id' = ${orderId}`));
    return (row?.payload as { data: { order: unknown } } | undefined)?.data.order;
  };

  it('order.placed, built by SQL, carries the order exactly as the API answers it', async () => {
    const orderId = await placeOrder(shop, shop.customer, await firstTool(shop));
    const order = await apiOrder(orderId);
    expect(order).toMatchObject({ _id: orderId, status: 'unpaid', cancelled: false, refundedAmount: 0 });
    expect(await payloadOrder('order.placed', orderId)).toEqual(order);
  });

  it('order.paid, built by the server, carries the paid order as the API answers it', async () => {
    const orderId = await placePaidOrder(shop, shop.customer, await firstTool(shop));
    const order = await apiOrder(orderId);
    expect(order).toMatchObject({ status: 'paid', delivery: 'pending' });
    expect(await payloadOrder('order.paid', orderId)).toEqual(order);
  });
});
