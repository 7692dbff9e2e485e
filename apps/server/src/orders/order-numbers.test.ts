import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { startWebhookReceiver, type WebhookReceiver } from '@voltline/test-kit/webhook-receiver';
import { itRaces, testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { freshTool, placeOrder } from '../test-support/test-orders.ts';
import { bearer, registerUser } from '../test-support/test-users.ts';

const numberOf = (orderNumber: string) => Number(/^VL-(\d+)$/.exec(orderNumber)?.[1]);

/** Issue 43: orders were named by a 36-character id; people name them by a short number, `VL-10042`. */
describe.each(testDatabaseKinds)('order numbers on $name', (kind) => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.stop());
  const shop = useTestShop(kind, { users: true, environment: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  const get = (url: string, admin = false) => shop.app.inject({ method: 'GET', url, headers: bearer(admin ? shop.admin : shop.customer) });
  let tool: Tool;
  beforeAll(async () => {
    tool = await freshTool(shop, 500, 1, 12);
    const subscribed = await shop.app.inject({ method: 'POST', url: '/api/webhook-endpoints', headers: bearer(shop.admin), payload: { url: receiver.url, events: ['order.placed'] } });
    expect(subscribed.statusCode).toBe(200);
  });

  it('numbers orders one after another as they are placed, and answers the number wherever the order is answered', async () => {
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await placeOrder(shop, shop.customer, tool));
    const single = await Promise.all(ids.map(async (id) => (await get(`/api/purchasedSingle/${id}`)).json()));
    const numbers = single.map((order) => numberOf(order.orderNumber));
    expect(numbers[0]).toBeGreaterThanOrEqual(10001);
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
    const mine = (await get('/api/purchased')).json() as { _id: string; orderNumber: string }[];
    const all = (await get('/api/adminPurchased', true)).json() as { _id: string; orderNumber: string }[];
    for (const order of single) {
      expect(mine.find((listed) => listed._id === order._id)?.orderNumber).toBe(order.orderNumber);
      expect(all.find((listed) => listed._id === order._id)?.orderNumber).toBe(order.orderNumber);
    }
    // The webhook's payload is built by the placing statement itself (order-dto.ts orderJson): the same number.
    await shop.core.notificationDispatcher.deliverDue(new Date());
    const placed = receiver.received.map((hook) => JSON.parse(hook.body)).filter((body) => body.type === 'order.placed');
    expect(placed.map((body) => body.data.order.orderNumber)).toEqual(expect.arrayContaining(single.map((order) => order.orderNumber)));
  });

  it("finds an order in Manage All Orders' search by its number, written as people write it", async () => {
    const id = await placeOrder(shop, shop.customer, tool);
    const { orderNumber } = (await get(`/api/purchasedSingle/${id}`)).json() as { orderNumber: string };
    const digits = String(numberOf(orderNumber));
    for (const q of [orderNumber, orderNumber.toLowerCase(), digits, `#${digits}`, `VL ${digits}`]) {
      const found = (await get(`/api/adminPurchased?q=${encodeURIComponent(q)}`, true)).json() as { _id: string }[];
      expect(found.map((order) => order._id), q).toEqual([id]);
    }
    // A number no order has finds nothing, and is no error.
    const none = await get('/api/adminPurchased?q=VL-999999999', true);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it("writes the number in the orders' CSV, in its own column at the end (before the currency's)", async () => {
    const id = await placeOrder(shop, shop.customer, tool);
    const { orderNumber } = (await get(`/api/purchasedSingle/${id}`)).json() as { orderNumber: string };
    const csv = (await get('/api/adminPurchased/export.csv?status=unpaid', true)).body.split('\r\n');
    expect(csv[0]!.split(',').slice(-2)).toEqual(['orderNumber', 'currency']);
    const row = csv.find((line) => line.startsWith(id))!;
    expect(row.split(',').slice(-2)).toEqual([orderNumber, 'USD']);
  });

  itRaces(kind)('gives orders placed at the same moment each a number of its own', async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, () => registerUser(shop)));
    const ids = await Promise.all(buyers.flatMap((buyer) => [placeOrder(shop, buyer, tool), placeOrder(shop, buyer, tool)]));
    const numbers = await Promise.all(ids.map(async (id) => (await get(`/api/purchasedSingle/${id}`, true)).json().orderNumber as string));
    expect(numbers.every((number) => /^VL-\d+$/.test(number))).toBe(true);
    expect(new Set(numbers).size).toBe(ids.length);
  });
});
