import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '@voltline/shared/webhook';
import type { Tool } from '@voltline/shared/tool';
import { startWebhookReceiver, type WebhookReceiver } from '@voltline/test-kit/webhook-receiver';
import { notifications, orders, tools, webhookEndpoints } from '../db/schema.ts';
import { startTestShop } from '../test-support/test-app.ts';
import { pgliteIn, testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { freshTool, placeOrder, placePaidOrder } from '../test-support/test-orders.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';
import { retryDelayMs } from './notification-dispatcher.ts';
import { purgeSentNotifications, SENT_NOTIFICATION_KEEP_DAYS } from './notification-outbox.ts';
import { verifyWebhook } from '../platform/webhook-signing.ts';

const SHOP_EMAIL = 'orders@voltline.test';
const HOUR = 60 * 60 * 1000;
/** The test receivers listen on 127.0.0.1, as a receiver on the operator's own network would. */
const PRIVATE_TARGETS = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };

describe.each(testDatabaseKinds)('notifications on $name', (kind) => {
  let receiver: WebhookReceiver;
  let secret: string;
  let tool: Tool;
  // Started before the shop and stopped after it.
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.stop());
  const shop = useTestShop(kind, { seed: true, users: { customerName: 'Alice Ampere' }, environment: { SHOP_NOTIFY_EMAIL: SHOP_EMAIL, ...PRIVATE_TARGETS } });
  beforeAll(async () => {
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/webhook-endpoints',
      headers: bearer(shop.admin),
      payload: { url: receiver.url, events: [...WEBHOOK_EVENTS] },
    });
    expect(created.statusCode).toBe(200);
    secret = created.json().secret;
    tool = await freshTool(shop, 12, 5, 40);
  });

  const deliver = (at = new Date()) => shop.core.notificationDispatcher.deliverDue(at);
  const mailsTo = (address: string) => shop.outbox().filter((mail) => mail.includes(`To: ${address}`));
  const eventsOfType = (type: string) =>
    receiver.received.map((hook) => JSON.parse(hook.body)).filter((body: { type: string }) => body.type === type);

  it('tells the buyer, the shop and subscribers about a payment and a shipment, once each', async () => {
    const orderId = await placePaidOrder(shop, shop.customer, tool, 8);
    await deliver();
    await deliver();
    const buyerMails = mailsTo(shop.customer.email);
    const receipt = buyerMails.find((mail) => mail.includes('payment received'))!;
    expect(buyerMails.filter((mail) => mail.includes('payment received'))).toHaveLength(1);
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    for (const fact of [`${tool.toolName} x 8 at $40.00: $320.00`, 'Total: $320.00', `Transaction id: ${order!.transactionId}`, 'Voltline Tools']) {
      expect(receipt).toContain(fact);
    }
    expect(receipt).toContain('Content-Type: text/html');
    expect(receipt).not.toMatch(/<img/i);
    expect(mailsTo(SHOP_EMAIL).filter((mail) => mail.includes('new paid order'))).toHaveLength(1);

    await shop.app.inject({ method: 'PATCH', url: `/api/deliverConfirm/${orderId}`, headers: bearer(shop.admin), payload: {} });
    await deliver();
    expect(mailsTo(shop.customer.email).filter((mail) => mail.includes('has shipped'))).toHaveLength(1);
    // 12 - 8 = 4, below the minimum of 5: the shop hears once.
    expect(mailsTo(SHOP_EMAIL).filter((mail) => mail.includes('low on stock'))).toHaveLength(1);
    expect(eventsOfType('order.placed').filter((e) => e.data.order._id === orderId)).toHaveLength(1);
    expect(eventsOfType('order.paid').filter((e) => e.data.order._id === orderId)).toHaveLength(1);
    expect(eventsOfType('order.shipped').filter((e) => e.data.order._id === orderId)).toHaveLength(1);
    expect(eventsOfType('tool.stock_low')).toEqual([expect.objectContaining({ data: { tool: expect.objectContaining({ toolName: tool.toolName, availableQuantity: 4 }) } })]);
  });

  it('signs every delivery so the receiver can verify it', () => {
    expect(receiver.received.length).toBeGreaterThan(0);
    for (const hook of receiver.received) {
      const signature = hook.headers['voltline-signature'] as string;
      expect(verifyWebhook(secret, hook.body, signature)).toBe(true);
      expect(verifyWebhook('whsec_wrong', hook.body, signature)).toBe(false);
      expect(hook.headers['voltline-event-id']).toBe(JSON.parse(hook.body).id);
    }
  });

  it('mails the buyer when an order is cancelled by them, by an admin, or because it expired', async () => {
    await shop.database.db.update(tools).set({ availableQuantity: 100 }).where(eq(tools.id, tool._id));
    const byBuyer = await placeOrder(shop, shop.customer, tool);
    const byAdmin = await placeOrder(shop, shop.customer, tool);
    const expired = await placeOrder(shop, shop.customer, tool);
    await shop.app.inject({ method: 'DELETE', url: `/api/purchasedSingle/${byBuyer}`, headers: bearer(shop.customer) });
    await shop.app.inject({ method: 'DELETE', url: `/api/deletOrder/${byAdmin}`, headers: bearer(shop.admin) });
    await shop.database.db.update(orders).set({ createdAt: new Date(Date.now() - 9 * 24 * HOUR) }).where(eq(orders.id, expired));
    await shop.core.adminOrders.cancelExpiredUnpaidOrders(7);
    await deliver();
    const cancellations = mailsTo(shop.customer.email).filter((mail) => mail.includes('was canceled'));
    // A mail names the order by its number (issue 43).
    const numbers = new Map((await shop.database.db.select().from(orders)).map((row) => [row.id, `Order: VL-${row.number}`]));
    const cancellationOf = (orderId: string) => cancellations.find((mail) => mail.includes(numbers.get(orderId)!));
    expect(cancellationOf(byBuyer)).toContain('at your request');
    expect(cancellationOf(byAdmin)).toContain('by the shop');
    expect(cancellationOf(expired)).toContain('stayed unpaid for more than 7 days');
    expect(eventsOfType('order.cancelled').map((e) => e.data.order._id)).toEqual(expect.arrayContaining([byBuyer, byAdmin, expired]));
  });

  it('sends nothing for a change that was refused', async () => {
    const orderId = await placePaidOrder(shop, shop.customer, tool, 5);
    await deliver();
    await shop.database.db.update(tools).set({ availableQuantity: 1 }).where(eq(tools.id, tool._id));
    const before = await shop.database.db.select().from(notifications);
    expect((await shop.app.inject({ method: 'PATCH', url: `/api/deliverConfirm/${orderId}`, headers: bearer(shop.admin), payload: {} })).statusCode).toBe(409);
    expect(await shop.database.db.select().from(notifications)).toHaveLength(before.length);
  });

  it('retries a receiver that answers 500, and stops after it answers 200', async () => {
    await shop.database.db.update(tools).set({ availableQuantity: 100 }).where(eq(tools.id, tool._id));
    receiver.answers.push(500, 500);
    const orderId = await placeOrder(shop, shop.customer, tool);
    const now = Date.now();
    await deliver(new Date(now));
    const [row] = (await shop.database.db.select().from(notifications)).filter(
      (n) => n.channel === 'webhook' && n.eventType === 'order.placed' && (n.payload as { data: { order: { _id: string } } }).data.order._id === orderId,
    );
    let state = (await shop.database.db.select().from(notifications).where(eq(notifications.id, row!.id)))[0]!;
    expect(state).toMatchObject({ attempts: 1, lastStatus: 500, deliveredAt: null });
    await deliver(new Date(now + 1000));
    expect((await shop.database.db.select().from(notifications).where(eq(notifications.id, row!.id)))[0]!.attempts).toBe(1);
    await deliver(new Date(now + retryDelayMs(1) + 1000));
    await deliver(new Date(now + retryDelayMs(1) + retryDelayMs(2) + 2000));
    state = (await shop.database.db.select().from(notifications).where(eq(notifications.id, row!.id)))[0]!;
    expect(state).toMatchObject({ attempts: 3, lastStatus: 200 });
    expect(state.deliveredAt).toBeInstanceOf(Date);
    const log = (await shop.app.inject({ method: 'GET', url: `/api/webhook-endpoints/${row!.target}/deliveries`, headers: bearer(shop.admin) })).json();
    expect(log.find((delivery: { _id: string }) => delivery._id === row!.id)).toMatchObject({ attempts: 3, lastStatus: 200 });
    const sameEvent = receiver.received.filter((hook) => JSON.parse(hook.body).data?.order?._id === orderId && JSON.parse(hook.body).type === 'order.placed');
    expect(sameEvent).toHaveLength(3);
    expect(new Set(sameEvent.map((hook) => hook.headers['voltline-event-id'])).size).toBe(1);
  });

  it('gives up after a day of failures and says so in the log', async () => {
    receiver.answers.push(...Array.from({ length: 60 }, () => 503));
    const orderId = await placeOrder(shop, shop.customer, tool);
    let at = Date.now();
    for (let i = 0; i < 60; i += 1) {
      await deliver(new Date(at));
      at += HOUR;
    }
    const rows = (await shop.database.db.select().from(notifications)).filter(
      (n) => n.channel === 'webhook' && (n.payload as { data: { order?: { _id: string } } }).data.order?._id === orderId,
    );
    expect(rows[0]!.failedAt).toBeInstanceOf(Date);
    expect(rows[0]!.deliveredAt).toBeNull();
    receiver.answers.length = 0;
  });

  it('keeps mail that cannot be sent for a retry, and never undoes the change', async () => {
    const broken = await startTestShop(kind, { seed: true, environment: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    const buyer = await registerUser(broken);
    const seeded: Tool = (await broken.app.inject({ method: 'GET', url: '/api/getTools' })).json()[0];
    const orderId = await placePaidOrder(broken, buyer, seeded);
    await broken.core.notificationDispatcher.deliverDue();
    const [mail] = await broken.database.db.select().from(notifications).where(eq(notifications.channel, 'mail'));
    expect(mail).toMatchObject({ attempts: 1, deliveredAt: null });
    expect(mail!.lastError).toBeTruthy();
    expect(mail!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    const order = (await broken.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(buyer) })).json();
    expect(order.status).toBe('paid');
    await broken.close();
  });

  it.each([
    ['an ftp address', 'ftp://example.com/hooks', 'http(s)'],
    ['a link-local address', 'http://169.254.169.254/latest/meta-data', 'Link-local'],
    ['link-local as mapped IPv6', 'http://[::ffff:169.254.169.254]/latest/meta-data', 'Link-local'],
    ['link-local as mapped IPv6 in hex', 'http://[::ffff:a9fe:a9fe]/latest/meta-data', 'Link-local'],
    ['an IPv6 link-local address', 'http://[fe80::1]/hooks', 'Link-local'],
    ['the shop itself', 'http://shop.test/api/getTools', 'the shop itself'],
    ['the shop in capitals with its port', 'http://SHOP.test:80/api/getTools', 'the shop itself'],
    ['the shop as a fully qualified name', 'http://shop.test./api/getTools', 'the shop itself'],
    ['the shop on loopback', 'http://127.0.0.1:PORT/api/getTools', 'the shop itself'],
    ['the shop on mapped loopback', 'http://[::ffff:127.0.0.1]:PORT/api/getTools', 'the shop itself'],
    ['the shop on mapped loopback in hex', 'http://[0:0:0:0:0:ffff:7f00:1]:PORT/api/getTools', 'the shop itself'],
    ['the shop on IPv6 loopback', 'http://[::1]:PORT/api/getTools', 'the shop itself'],
    ['the shop on 0.0.0.0', 'http://0.0.0.0:PORT/api/getTools', 'the shop itself'],
    ['the shop on mapped 0.0.0.0', 'http://[::ffff:0.0.0.0]:PORT/api/getTools', 'the shop itself'],
    ['the shop on ::', 'http://[::]:PORT/api/getTools', 'the shop itself'],
    ['the shop as a decimal number', 'http://2130706433:PORT/api/getTools', 'the shop itself'],
    ['the shop in hex', 'http://0x7f.1:PORT/api/getTools', 'the shop itself'],
    ['the shop as localhost', 'http://localhost:PORT/api/getTools', 'the shop itself'],
  ])('refuses to register %s, even with private targets allowed', async (_label, url, reason) => {
    const before = await shop.database.db.select().from(webhookEndpoints);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/webhook-endpoints',
      headers: bearer(shop.admin),
      payload: { url: url.replace('PORT', String(shop.config.port)), events: ['order.paid'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad_request', message: expect.stringContaining(reason) });
    expect(await shop.database.db.select().from(webhookEndpoints)).toHaveLength(before.length);
  });

  it('lets only admins manage endpoints', async () => {
    const list = (user: TestUser | null) => shop.app.inject({ method: 'GET', url: '/api/webhook-endpoints', headers: user ? bearer(user) : {} });
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(shop.customer)).statusCode).toBe(403);
    const endpoints = (await list(shop.admin)).json();
    expect(endpoints[0]).not.toHaveProperty('secret');
  });

  it('deletes mails and webhooks a month after they were sent or given up on, and keeps any still to send', async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const message = (label: string, createdAt: Date, state: { deliveredAt?: Date; failedAt?: Date }) => ({
      channel: 'mail' as const,
      target: `${label}@example.com`,
      eventType: 'purge.test',
      payload: { to: `${label}@example.com`, subject: label },
      createdAt,
      ...state,
    });
    const old = daysAgo(SENT_NOTIFICATION_KEEP_DAYS + 1);
    await shop.database.db.insert(notifications).values([
      message('sent-long-ago', old, { deliveredAt: old }),
      message('failed-long-ago', old, { failedAt: old }),
      message('sent-lately', daysAgo(SENT_NOTIFICATION_KEEP_DAYS - 1), { deliveredAt: daysAgo(SENT_NOTIFICATION_KEEP_DAYS - 1) }),
      // Due tomorrow, so the shop's dispatcher leaves it alone meanwhile.
      { ...message('still-to-send', old, {}), nextAttemptAt: daysAgo(-1) },
      // Made long ago but sent only lately (after retries): kept a month from its sending.
      message('retried-lately', old, { deliveredAt: daysAgo(1) }),
    ]);
    expect(await purgeSentNotifications(shop.database.db, now)).toBe(2);
    const left = await shop.database.db.select({ target: notifications.target }).from(notifications).where(eq(notifications.eventType, 'purge.test'));
    expect(left.map((row) => row.target).sort()).toEqual(['retried-lately@example.com', 'sent-lately@example.com', 'still-to-send@example.com']);
    expect(await purgeSentNotifications(shop.database.db, now)).toBe(0);
  });
});

// Not on useTestShop: the test stops one shop and starts another on the same PGlite data dir.
describe('notifications across a restart', () => {
  it('delivers after a restart what was recorded before it', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'voltline-restart-'));
    const embedded = pgliteIn(dataDir);
    const receiver = await startWebhookReceiver();
    try {
      const before = await startTestShop(embedded, { seed: true, environment: PRIVATE_TARGETS });
      const admin = await registerUser(before, { role: 'admin' });
      const buyer = await registerUser(before);
      await before.app.inject({ method: 'POST', url: '/api/webhook-endpoints', headers: bearer(admin), payload: { url: receiver.url, events: ['order.placed'] } });
      const seeded: Tool = (await before.app.inject({ method: 'GET', url: '/api/getTools' })).json()[0];
      const orderId = await placeOrder(before, buyer, seeded);
      // The process stops before its dispatcher ran.
      await before.app.close();
      await before.database.close();

      const after = await startTestShop(embedded, { environment: PRIVATE_TARGETS });
      await after.core.notificationDispatcher.deliverDue();
      expect(receiver.received.map((hook) => JSON.parse(hook.body).data.order._id)).toEqual([orderId]);
      await after.close();
    } finally {
      await receiver.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** With the default settings, as an operator runs the shop: receivers must be on the public internet. */
describe.each(testDatabaseKinds)('webhook targets on $name', (kind) => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.stop());
  const shop = useTestShop(kind, { seed: true, users: true });

  const register = (url: string, events = ['order.placed']) =>
    shop.app.inject({ method: 'POST', url: '/api/webhook-endpoints', headers: bearer(shop.admin), payload: { url, events } });

  it.each([
    // The spellings of issue 13: IPv4-mapped IPv6 for loopback, 0.0.0.0 and the metadata service.
    'http://[::ffff:127.0.0.1]:8080/hooks',
    'http://[::ffff:0.0.0.0]/hooks',
    'http://[0:0:0:0:0:ffff:7f00:1]/hooks',
    'http://[::ffff:169.254.169.254]/latest/meta-data',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data',
    // Loopback and 0.0.0.0 however written; WHATWG URL turns the numeric forms into 127.0.0.1.
    'http://127.0.0.1:8080/hooks',
    'http://127.1:8080/hooks',
    'http://2130706433/hooks',
    'http://0x7f.1/hooks',
    'http://0177.0.0.1/hooks',
    'http://[::1]:8080/hooks',
    'http://0.0.0.0:8080/hooks',
    'http://[::]/hooks',
    'http://localhost:8080/hooks',
    // Private networks, CGNAT, link-local, multicast and broadcast.
    'http://10.0.0.7/hooks',
    'http://172.16.0.1/hooks',
    'http://172.31.255.254/hooks',
    'http://192.168.1.10/hooks',
    'http://100.64.0.1/hooks',
    'http://[fc00::1]/hooks',
    'http://[fd12:3456:789a::1]/hooks',
    'http://169.254.169.254/latest/meta-data',
    'http://[fe80::1]/hooks',
    'http://224.0.0.1/hooks',
    'http://[ff02::1]/hooks',
    'http://255.255.255.255/hooks',
    // IPv6 forms that carry an IPv4 address inside: NAT64, IPv4-compatible, 6to4.
    'http://[64:ff9b::7f00:1]/hooks',
    'http://[::127.0.0.1]/hooks',
    'http://[2002:7f00:1::]/hooks',
  ])('refuses to register %s and stores nothing', async (url) => {
    const before = await shop.database.db.select().from(webhookEndpoints);
    const response = await register(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad_request', message: expect.stringMatching(/receive webhooks/) });
    expect(await shop.database.db.select().from(webhookEndpoints)).toHaveLength(before.length);
  });

  it('accepts receivers on public addresses', async () => {
    // Never sent to: nothing in this suite makes stock run low, and both are removed at once.
    for (const url of ['https://93.184.215.14/hooks', 'https://[2606:4700:4700::1111]/hooks']) {
      const response = await register(url, ['tool.stock_low']);
      expect(response.statusCode).toBe(200);
      await shop.app.inject({ method: 'DELETE', url: `/api/webhook-endpoints/${response.json()._id}`, headers: bearer(shop.admin) });
    }
  });

  it('checks the address again as each delivery connects, so a stored endpoint cannot reach loopback', async () => {
    // Stored while it was allowed (or before these rules), and a name, so only the connection's own lookup sees 127.0.0.1.
    const port = new URL(receiver.url).port;
    const [byName] = await shop.database.db
      .insert(webhookEndpoints)
      .values({ url: `http://localhost:${port}/hooks`, events: ['order.placed'], secret: 'whsec_test', createdBy: shop.admin.email })
      .returning();
    const [byAddress] = await shop.database.db
      .insert(webhookEndpoints)
      .values({ url: `http://[::ffff:7f00:1]:${port}/hooks`, events: ['order.placed'], secret: 'whsec_test', createdBy: shop.admin.email })
      .returning();
    const buyer = await registerUser(shop);
    const seeded: Tool = (await shop.app.inject({ method: 'GET', url: '/api/getTools' })).json()[0];
    await placeOrder(shop, buyer, seeded);
    await shop.core.notificationDispatcher.deliverDue();

    const deliveries = await shop.database.db.select().from(notifications).where(eq(notifications.channel, 'webhook'));
    for (const endpoint of [byName!, byAddress!]) {
      expect(deliveries.find((row) => row.target === endpoint.id)).toMatchObject({
        deliveredAt: null,
        lastStatus: null,
        lastError: 'Loopback and private-network addresses cannot receive webhooks.',
      });
    }
    expect(receiver.received).toEqual([]);
  });
});
