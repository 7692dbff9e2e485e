import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stockAlertMessages } from '@voltline/shared/stock-alert-messages';
import { TEXT_LIMITS } from '@voltline/shared/text-limits';
import type { Tool } from '@voltline/shared/tool';
import { notifications, orders, stockAlerts } from '../db/schema.ts';
import { TEST_PUBLIC_URL } from '../test-support/test-app.ts';
import { describeRaces, testDatabaseKinds } from '../test-support/test-databases.ts';
import { freshTool, placePaidOrder } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { expectLedgerBalanced } from '../test-support/test-stock.ts';
import { bearer } from '../test-support/test-users.ts';
import { STOCK_ALERT_KEEP_DAYS } from './stock-alerts-service.ts';

const SHOP_EMAIL = 'owner@voltline.test';
const LIMIT = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

let counter = 0;
/** An email and a client address of the test's own, so the per-email and per-address limits count only its requests. */
const fresh = () => {
  counter += 1;
  return { email: `visitor-${counter}@example.com`, address: `198.51.100.${counter}` };
};

/** Issue 37, item 4 (decision 045): back-in-stock alerts, mailed once when a tool can be ordered again. */
describe.each(testDatabaseKinds)('back-in-stock alerts on $name', (kind) => {
  const shop = useTestShop(kind, { users: true, environment: { SHOP_NOTIFY_EMAIL: SHOP_EMAIL, STOCK_ALERT_RATE_LIMIT_PER_HOUR: String(LIMIT) } });
  const db = () => shop.database.db;

  const ask = (toolId: string, email: unknown, remoteAddress = fresh().address) =>
    shop.app.inject({ method: 'POST', url: `/api/tools/${toolId}/stock-alerts`, payload: { email }, remoteAddress });
  const receive = (toolId: string, units: number) =>
    shop.app.inject({ method: 'POST', url: `/api/admin/tools/${toolId}/stock-moves`, headers: bearer(shop.admin), payload: { kind: 'received', units, note: 'batch' } });
  const openAlerts = (toolId: string) => db().select().from(stockAlerts).where(and(eq(stockAlerts.toolId, toolId), isNull(stockAlerts.mailedAt)));
  const alertMails = async (toolId: string) =>
    (await db().select().from(notifications).where(and(eq(notifications.eventType, 'tool.back_in_stock'), sql`${notifications.payload} ->> 'link' like ${`%/tools/${toolId}`}`)))
      .map((row) => row.payload as { to: string; subject: string; text: string; unsubscribeUrl: string });
  const waiting = async (toolId: string) =>
    (await shop.app.inject({ method: 'GET', url: `/api/admin/tools/${toolId}/stock-alerts`, headers: bearer(shop.admin) })).json().waiting;
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

  /** An out-of-stock tool with alerts from `count` fresh emails. */
  async function toolAwaited(count: number, stock = 0, minimum = 1): Promise<{ tool: Tool; emails: string[] }> {
    const tool = await freshTool(shop, stock, minimum);
    const emails = Array.from({ length: count }, () => fresh().email);
    for (const email of emails) expect((await ask(tool._id, email)).statusCode).toBe(200);
    return { tool, emails };
  }

  it('answers the same words whether the email asked before or not, and keeps one open alert per email and tool', async () => {
    const tool = await freshTool(shop, 0);
    const { email } = fresh();
    const first = await ask(tool._id, email);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ waiting: true, message: stockAlertMessages.asked(tool.toolName) });
    const again = await ask(tool._id, `  ${email.toUpperCase()} `);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect((await openAlerts(tool._id)).map((alert) => alert.email)).toEqual([email]);
    expect(await waiting(tool._id)).toBe(1);
  });

  it('stores nothing for a tool that can be ordered, and says so', async () => {
    const tool = await freshTool(shop, 5);
    const answer = await ask(tool._id, fresh().email);
    expect(answer.json()).toEqual({ waiting: false, message: stockAlertMessages.inStock(tool.toolName) });
    expect(await openAlerts(tool._id)).toEqual([]);
  });

  it('takes an alert for a tool with stock below its minimum: customers cannot order it', async () => {
    const { tool } = await toolAwaited(1, 3, 5);
    expect(await waiting(tool._id)).toBe(1);
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not an email' }, 'Enter a valid email'],
    [{ email: 42 }, 'Email'],
    [{ email: `${'a'.repeat(TEXT_LIMITS.email)}@example.com` }, `Email can be at most ${TEXT_LIMITS.email}`],
  ])('refuses %j with 400 in words, storing nothing', async (payload, message) => {
    const tool = await freshTool(shop, 0);
    const answer = await shop.app.inject({ method: 'POST', url: `/api/tools/${tool._id}/stock-alerts`, payload, remoteAddress: fresh().address });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'bad_request', message: expect.stringContaining(message) });
    expect(await openAlerts(tool._id)).toEqual([]);
  });

  it('answers 404 for a tool that does not exist', async () => {
    expect((await ask('00000000-0000-4000-8000-000000000009', fresh().email)).statusCode).toBe(404);
    expect((await ask('not-a-tool', fresh().email)).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/tools/not-a-tool/stock-alerts', headers: bearer(shop.admin) })).statusCode).toBe(404);
  });

  it('limits the alerts one email asks for, from any address, and one address asks for, with 429 and Retry-After', async () => {
    const tool = await freshTool(shop, 0);
    const { email } = fresh();
    for (let i = 0; i < LIMIT; i += 1) expect((await ask(tool._id, email)).statusCode).toBe(200);
    const refused = await ask(tool._id, email.toUpperCase());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ error: 'too_many_requests', message: stockAlertMessages.tooMany('60 minutes') });
    // Another email is not held back by this one.
    expect((await ask(tool._id, fresh().email)).statusCode).toBe(200);

    const { address } = fresh();
    for (let i = 0; i < LIMIT * 10; i += 1) expect((await ask(tool._id, fresh().email, address)).statusCode).toBe(200);
    expect((await ask(tool._id, fresh().email, address)).statusCode).toBe(429);
  });

  it('mails each open alert once when a batch brings the tool back, with the link to the tool and a one-click unsubscribe, and closes it', async () => {
    const { tool, emails } = await toolAwaited(2);
    expect(await waiting(tool._id)).toBe(2);
    expect((await receive(tool._id, 5)).statusCode).toBe(200);
    const mails = await alertMails(tool._id);
    expect(mails.map((mail) => mail.to).sort()).toEqual([...emails].sort());
    const mail = mails[0]!;
    expect(mail.subject).toContain(`${tool.toolName} is back in stock`);
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/tools/${tool._id}`);
    expect(mail.unsubscribeUrl).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/api/stock-alerts/unsubscribe\\?token=`));
    expect(mail.text).toContain(mail.unsubscribeUrl);
    expect(await openAlerts(tool._id)).toEqual([]);
    expect(await waiting(tool._id)).toBe(0);

    // Later movements above 0, and another crossing without alerts, mail nothing more.
    await receive(tool._id, 3);
    await shop.app.inject({ method: 'POST', url: `/api/admin/tools/${tool._id}/stock-moves`, headers: bearer(shop.admin), payload: { kind: 'counted', countedUnits: 0, note: 'count' } });
    await receive(tool._id, 1);
    expect(await alertMails(tool._id)).toHaveLength(2);
    await expectLedgerBalanced(db());
  });

  it('sends the mail with List-Unsubscribe and List-Unsubscribe-Post (RFC 8058)', async () => {
    const { tool } = await toolAwaited(1);
    await receive(tool._id, 2);
    await shop.core.notificationDispatcher.deliverDue();
    const sent = shop.outbox().find((mail) => mail.includes(`/tools/${tool._id}`))!;
    expect(sent).toMatch(/^List-Unsubscribe:\s+<http:\/\/shop\.test\/api\/stock-alerts\/unsubscribe\?token=[^>]+>$/m);
    expect(sent).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it.each([
    ['a count that finds more', (tool: Tool) => ({ method: 'POST', url: `/api/admin/tools/${tool._id}/stock-moves`, payload: { kind: 'counted', countedUnits: 4, note: 'found a box' } })],
    ["the spec's updateTool with a new stock", (tool: Tool) => ({ method: 'PATCH', url: `/api/updateTool/${tool._id}`, payload: { availableQuantity: 4, minimumOrderQuantity: 1, price: 10 } })],
  ] as const)('mails when %s brings the tool back', async (_label, call) => {
    const { tool } = await toolAwaited(1);
    const answer = await shop.app.inject({ ...call(tool), headers: bearer(shop.admin) });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await alertMails(tool._id)).toHaveLength(1);
  });

  it('mails when the tool edit lowers the minimum to what can be ordered, and not for stock still below the minimum', async () => {
    const { tool } = await toolAwaited(1, 3, 5);
    expect((await receive(tool._id, 1)).statusCode).toBe(200);
    expect(await alertMails(tool._id)).toEqual([]);
    const edit = await shop.app.inject({ method: 'PATCH', url: `/api/updateTool/${tool._id}`, headers: bearer(shop.admin), payload: { availableQuantity: 4, minimumOrderQuantity: 4, price: 10 } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await alertMails(tool._id)).toHaveLength(1);
  });

  it('mails when a full refund before shipping puts the units of a paid order back on sale', async () => {
    const tool = await freshTool(shop, 2);
    const orderId = await placePaidOrder(shop, shop.customer, tool, 2);
    const { email } = fresh();
    expect((await ask(tool._id, email)).json().waiting).toBe(true);
    const [order] = await db().select({ priceCents: orders.priceCents }).from(orders).where(eq(orders.id, orderId));
    const refund = await shop.app.inject({
      method: 'POST',
      url: `/api/adminPurchased/${orderId}/refund`,
      headers: bearer(shop.admin),
      payload: { amount: order!.priceCents / 100, reason: 'customer changed their mind' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await alertMails(tool._id)).map((mail) => mail.to)).toEqual([email]);
  });

  it("unsubscribes in one click: the link's page asks first, its POST deletes every alert of the email", async () => {
    const { tool, emails } = await toolAwaited(1);
    const other = await freshTool(shop, 0);
    await ask(other._id, emails[0]);
    await receive(tool._id, 1);
    const [mail] = await alertMails(tool._id);
    const url = mail!.unsubscribeUrl.replace(TEST_PUBLIC_URL, '');

    const page = await shop.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(stockAlertMessages.unsubscribeQuestion);
    expect(page.body).toContain('<form method="post"');
    expect(await waiting(other._id)).toBe(1); // looking at the page stops nothing

    const oneClick = await shop.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.body).toContain(stockAlertMessages.unsubscribed);
    expect(await db().select().from(stockAlerts).where(eq(stockAlerts.email, emails[0]!))).toEqual([]);
    // Again: nothing left, the same answer.
    expect((await shop.app.inject({ method: 'POST', url })).statusCode).toBe(200);
  });

  it('refuses an unsubscribe link the shop did not sign with 400 in words, deleting nothing', async () => {
    const { tool, emails } = await toolAwaited(1);
    const token = tokenOf(shop.core.stockAlerts.unsubscribeUrl(emails[0]!));
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(fresh().email).toString('base64url')}.${signature}`;
    for (const bad of [forged, 'nonsense', `${token}x`, '']) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await shop.app.inject({ method, url: `/api/stock-alerts/unsubscribe?token=${encodeURIComponent(bad)}` });
        expect(answer.statusCode, `${method} ${bad}`).toBe(400);
        expect(answer.json().error).toBe('bad_request');
      }
    }
    expect(await waiting(tool._id)).toBe(1);
  });

  it(`deletes mailed alerts ${STOCK_ALERT_KEEP_DAYS} days after their mail, keeping open ones and recent ones`, async () => {
    const { tool } = await toolAwaited(2);
    await receive(tool._id, 1);
    const [old] = await db().select().from(stockAlerts).where(eq(stockAlerts.toolId, tool._id)).limit(1);
    await db().update(stockAlerts).set({ mailedAt: new Date(Date.now() - (STOCK_ALERT_KEEP_DAYS + 1) * DAY_MS) }).where(eq(stockAlerts.id, old!.id));
    const open = await toolAwaited(1);
    expect(await shop.core.stockAlerts.purgeMailed()).toBeGreaterThanOrEqual(1);
    const left = await db().select().from(stockAlerts).where(sql`${stockAlerts.toolId} in (${tool._id}, ${open.tool._id})`);
    expect(left.map((alert) => alert.id)).not.toContain(old!.id);
    expect(left).toHaveLength(2);
  });

  it("deletes a tool's alerts with the tool", async () => {
    const { tool } = await toolAwaited(1);
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/deleteTool/${tool._id}`, headers: bearer(shop.admin) })).statusCode).toBe(200);
    expect(await db().select().from(stockAlerts).where(eq(stockAlerts.toolId, tool._id))).toEqual([]);
  });

  it('refuses in the database an email stored in capitals or longer than an email', async () => {
    const tool = await freshTool(shop, 0);
    const refusal = (email: string) => db().insert(stockAlerts).values({ toolId: tool._id, email }).then(() => 'stored', () => 'refused');
    expect(await refusal('Ada@Example.com')).toBe('refused');
    expect(await refusal(`${'a'.repeat(TEXT_LIMITS.email)}@x.com`)).toBe('refused');
  });
});

/** Issue 37, item 5: low stock is told once per crossing of the minimum, by whatever change crosses it. */
describe.each(testDatabaseKinds)('low stock fired by movements on $name', (kind) => {
  const shop = useTestShop(kind, { users: true, environment: { SHOP_NOTIFY_EMAIL: SHOP_EMAIL } });
  const lowStockMails = async (toolName: string) =>
    (await shop.database.db.select().from(notifications).where(and(eq(notifications.eventType, 'tool.stock_low'), eq(notifications.channel, 'mail'))))
      .map((row) => row.payload as { text: string })
      .filter((mail) => mail.text.includes(toolName)).length;
  const move = (toolId: string, payload: object) =>
    shop.app.inject({ method: 'POST', url: `/api/admin/tools/${toolId}/stock-moves`, headers: bearer(shop.admin), payload });
  const edit = (toolId: string, availableQuantity: number, minimumOrderQuantity: number) =>
    shop.app.inject({ method: 'PATCH', url: `/api/updateTool/${toolId}`, headers: bearer(shop.admin), payload: { availableQuantity, minimumOrderQuantity, price: 10 } });

  it('tells a scrap and a count that cross below the minimum once, not every movement below it, and again after the stock came back', async () => {
    const tool = await freshTool(shop, 10, 5);
    await move(tool._id, { kind: 'scrapped', units: 6, note: 'dropped' });
    expect(await lowStockMails(tool.toolName)).toBe(1);
    await move(tool._id, { kind: 'scrapped', units: 1, note: 'dropped' });
    await move(tool._id, { kind: 'counted', countedUnits: 2, note: 'count' });
    expect(await lowStockMails(tool.toolName)).toBe(1);
    await move(tool._id, { kind: 'received', units: 10 });
    await move(tool._id, { kind: 'counted', countedUnits: 1, note: 'count' });
    expect(await lowStockMails(tool.toolName)).toBe(2);
  });

  it("tells the spec's tool edit that raises the minimum above the stock, judged on the stock and minimum together", async () => {
    const tool = await freshTool(shop, 10, 5);
    expect((await edit(tool._id, 10, 11)).statusCode).toBe(200);
    expect(await lowStockMails(tool.toolName)).toBe(1);
    // Still below, a new stock and minimum: no new crossing.
    expect((await edit(tool._id, 8, 12)).statusCode).toBe(200);
    expect(await lowStockMails(tool.toolName)).toBe(1);
    // A stock raised while the minimum is raised with it past the stock: it never left being low.
    expect((await edit(tool._id, 20, 30)).statusCode).toBe(200);
    expect(await lowStockMails(tool.toolName)).toBe(1);
  });
});

describeRaces('back-in-stock alerts under races', (kind) => {
  const shop = useTestShop(kind, { users: true });
  const db = () => shop.database.db;
  const ask = (toolId: string, email: string, remoteAddress: string) =>
    shop.app.inject({ method: 'POST', url: `/api/tools/${toolId}/stock-alerts`, payload: { email }, remoteAddress });
  const admin = () => bearer(shop.admin);

  it('mails each alert once when two movements both bring the tool back from 0 at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const tool = await freshTool(shop, 0);
      const emails = Array.from({ length: 4 }, () => fresh());
      for (const { email, address } of emails) expect((await ask(tool._id, email, address)).statusCode).toBe(200);
      const answers = await Promise.all([
        shop.app.inject({ method: 'POST', url: `/api/admin/tools/${tool._id}/stock-moves`, headers: admin(), payload: { kind: 'received', units: 5 } }),
        shop.app.inject({ method: 'POST', url: `/api/admin/tools/${tool._id}/stock-moves`, headers: admin(), payload: { kind: 'counted', countedUnits: 3, note: 'count' } }),
        shop.app.inject({ method: 'PATCH', url: `/api/updateTool/${tool._id}`, headers: admin(), payload: { availableQuantity: 7, minimumOrderQuantity: 1, price: 10 } }),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const mails = await db().select({ to: notifications.target }).from(notifications).where(and(eq(notifications.eventType, 'tool.back_in_stock'), sql`${notifications.payload} ->> 'link' like ${`%/tools/${tool._id}`}`));
      expect(mails.map((mail) => mail.to).sort()).toEqual(emails.map(({ email }) => email).sort());
    }
    await expectLedgerBalanced(db());
  });

  it('never leaves an alert open on a tool that can be ordered when alerts are asked for while a batch arrives', async () => {
    const tool = await freshTool(shop, 0);
    const asked = Array.from({ length: 20 }, () => fresh());
    const answers = await Promise.all([
      ...asked.map(({ email, address }) => ask(tool._id, email, address)),
      shop.app.inject({ method: 'POST', url: `/api/admin/tools/${tool._id}/stock-moves`, headers: admin(), payload: { kind: 'received', units: 5 } }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const waitingAnswers = answers.slice(0, asked.length).filter((answer) => answer.json().waiting).length;
    expect(await db().select().from(stockAlerts).where(and(eq(stockAlerts.toolId, tool._id), isNull(stockAlerts.mailedAt)))).toEqual([]);
    // Every alert stored before the batch was mailed by it, once; those after it were told the tool is in stock.
    const mails = await db().select().from(notifications).where(and(eq(notifications.eventType, 'tool.back_in_stock'), sql`${notifications.payload} ->> 'link' like ${`%/tools/${tool._id}`}`));
    expect(mails).toHaveLength(waitingAnswers);
  });
});
