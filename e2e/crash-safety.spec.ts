import { nextCursorFromLink } from '@voltline/shared/link-header';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { ADMIN, ADMIN_ENV } from '@voltline/test-kit/customers';
import { signInOverHttp, type ApiSession } from '@voltline/test-kit/api-client';
import { startShop, type RunningShop } from '@voltline/test-kit/shop-server';

// As many kills as with twice the operations (six, at the seeded moments), half the requests between them.
const OPERATIONS = 250;
/** Operations between two kills: at least this many, and up to this many more. */
const KILL_EVERY = { least: 15, spread: 45 };
const card = { number: '4242424242424242', expiry: '12/34', cvc: '123', postalCode: '10115' };

/**
 * kill -9 at random moments while customers order and pay and an admin ships: after each restart
 * everything the shop acknowledged is still there, and stock moved exactly once per shipment.
 */
describe('crash safety of the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'voltline-crash-'));
  let shop: RunningShop | undefined;
  afterAll(async () => {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`survives kill -9 during ${OPERATIONS} placements, payments and shipments`, { timeout: 600_000 }, async () => {
    // One customer places hundreds of orders in a few minutes: far past a real account's limit. The
    // first start copies the migrated cluster, as every fresh journey's shop does; the kills are what is tested.
    const start = () => startShop({ dataDir, fromMigratedCluster: true, env: { ...ADMIN_ENV, ORDER_RATE_LIMIT_PER_MINUTE: '100000' } });
    shop = await start();
    let customer: ApiSession = await signInOverHttp(shop.url, 'crash@example.com', 'Crash#123', { signUpAs: 'Crash Tester' });
    let admin: ApiSession = await signInOverHttp(shop.url, ADMIN.email, ADMIN.password);
    const tool: Tool = (await customer.call('GET', '/api/getTools')).body.find((t: Tool) => t.minimumOrderQuantity <= 5);
    // Enough stock for every order, at a price that keeps the largest order payable by one card.
    const initialStock = 100_000;
    const stocked = await admin.call('PATCH', `/api/updateTool/${tool._id}`, { availableQuantity: initialStock, minimumOrderQuantity: 1, price: 1 });
    expect(stocked.status).toBe(200);

    const acknowledged = { placed: new Map<string, number>(), paid: new Set<string>(), shipped: new Set<string>() };
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let nextKill = KILL_EVERY.least + Math.floor(random() * KILL_EVERY.spread);
    let kills = 0;

    for (let op = 0; op < OPERATIONS; op += 1) {
      if (op === nextKill) {
        // Fire the kill while requests are in flight, not between them.
        const inFlight = customer.call('POST', '/api/purchased', { toolId: tool._id, quantity: 1, phone: '5550100', address: 'In flight' }).catch(() => null);
        await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 15)));
        shop.process.kill('SIGKILL');
        await new Promise((resolve) => shop!.process.once('exit', resolve));
        const answer = await inFlight;
        if (answer?.status === 200) acknowledged.placed.set(answer.body.insertedId, 1);
        kills += 1;
        shop = await start();
        customer = await signInOverHttp(shop.url, 'crash@example.com', 'Crash#123');
        admin = await signInOverHttp(shop.url, ADMIN.email, ADMIN.password);
        nextKill = op + KILL_EVERY.least + Math.floor(random() * KILL_EVERY.spread);
      }
      const quantity = 1 + Math.floor(random() * 3);
      const placed = await customer.call('POST', '/api/purchased', { toolId: tool._id, quantity, phone: '5550100', address: `Op ${op}` });
      expect(placed.status).toBe(200);
      const orderId: string = placed.body.insertedId;
      acknowledged.placed.set(orderId, quantity);
      if (random() < 0.7) {
        const { clientSecret } = (await customer.call('POST', '/api/create-payment-intent', { orderId })).body;
        const paid = await customer.call('POST', '/api/payments/builtin/confirm', { clientSecret, card });
        expect(paid.status).toBe(200);
        acknowledged.paid.add(orderId);
        if (random() < 0.5) {
          const shipped = await admin.call('PATCH', `/api/deliverConfirm/${orderId}`, { delivery: 'shipped' });
          expect(shipped.status).toBe(200);
          acknowledged.shipped.add(orderId);
        }
      }
    }

    // A last crash, then a clean restart that must open the directory and find everything.
    shop.process.kill('SIGKILL');
    await new Promise((resolve) => shop!.process.once('exit', resolve));
    shop = await start();
    admin = await signInOverHttp(shop.url, ADMIN.email, ADMIN.password);
    // Manage All Orders answers a page at a time: follow the Link header to the end.
    const all: { _id: string; quantity: number; status: string; delivery: string | null }[] = [];
    for (let path: string | undefined = '/api/adminPurchased?limit=100'; path !== undefined; ) {
      const response = await fetch(`${shop.url}${path}`, { headers: { authorization: `Bearer ${admin.token}` } });
      all.push(...((await response.json()) as typeof all));
      const cursor = nextCursorFromLink(response.headers.get('link'));
      path = cursor === undefined ? undefined : `/api/adminPurchased?limit=100&cursor=${encodeURIComponent(cursor)}`;
    }
    const byId = new Map(all.map((order) => [order._id, order]));
    for (const [orderId] of acknowledged.placed) expect(byId.has(orderId), `order ${orderId}`).toBe(true);
    for (const orderId of acknowledged.paid) expect(byId.get(orderId)?.status, `payment of ${orderId}`).toBe('paid');
    for (const orderId of acknowledged.shipped) expect(byId.get(orderId)?.delivery, `shipment of ${orderId}`).toBe('shipped');
    const shippedUnits = all.filter((order) => order.delivery === 'shipped').reduce((sum, order) => sum + order.quantity, 0);
    const stock = (await admin.call('GET', `/api/getTool/${tool._id}`)).body.availableQuantity;
    expect(stock).toBe(initialStock - shippedUnits);
    expect(kills).toBeGreaterThanOrEqual(6);
  });
});
