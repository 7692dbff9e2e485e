import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { returnMessages } from '@voltline/shared/returns';
import { creditNotes, notifications, orders, shipments, stockMovements } from '../db/schema.ts';
import type { TestShop } from '../test-support/test-app.ts';
import type { ShopFrame } from '../test-support/test-shop.ts';
import { describeRaces, testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { freshTool, paidOrderOf, toolRow } from '../test-support/test-orders.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';
import { pdfText } from '@voltline/test-kit/pdf-text';

const CARRIER = { name: 'Return Post', trackingUrlTemplate: 'https://track.example/{tracking}' };
/** Receivers must be on the public internet (webhook-target.ts); these tests only read the outbox. */
const PUBLIC_RECEIVER_URL = 'https://93.184.215.14/hooks';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Calls of the returns' routes, as the buyer and admins make them. */
function returnCalls(shop: ShopFrame) {
  const post = (url: string, payload: object, user: TestUser = shop.admin) => shop.app.inject({ method: 'POST', url, headers: bearer(user), payload });
  return {
    ship: (orderId: string, lines: { toolId: string; quantity: number }[], serialNumbers?: Record<string, string[]>) =>
      post(`/api/adminPurchased/${orderId}/shipments`, { lines, carrier: CARRIER.name, trackingNumber: 'RT1', ...(serialNumbers ? { serialNumbers } : {}) }),
    request: (orderId: string, body: object, user: TestUser = shop.customer) => post(`/api/purchasedSingle/${orderId}/returns`, body, user),
    authorise: (id: string, user: TestUser = shop.admin) => post(`/api/admin/returns/${id}/authorise`, { instructions: 'Send it to 1 Circuit Road, label RMA' }, user),
    refuse: (id: string, reason: string) => post(`/api/admin/returns/${id}/refuse`, { reason }),
    receive: (id: string, lines: { toolId: string; quantity: number; restock: boolean }[]) => post(`/api/admin/returns/${id}/receive`, { lines }),
    refund: (id: string, body: object = {}) => post(`/api/admin/returns/${id}/refund`, body),
    delivered: (orderId: string, shipmentId: string) => post(`/api/adminPurchased/${orderId}/shipments/${shipmentId}/delivered`, {}),
    setUp: async () => {
      await shop.app.inject({ method: 'PUT', url: '/api/admin/carriers', headers: bearer(shop.admin), payload: CARRIER });
    },
  };
}

/** Moves an order's parcels back in time: the withdrawal period and the warranty count from them. */
async function shippedDaysAgo(shop: TestShop, orderId: string, days: number) {
  await shop.database.db
    .update(shipments)
    .set({ shippedAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(shipments.orderId, orderId));
}

describe.each(testDatabaseKinds)('returns on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  const calls = returnCalls(shop);
  const orderRow = async (orderId: string) => (await shop.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const serialisedTool = async (stock: number, price: number): Promise<Tool> => {
    const tool = await freshTool(shop, stock, 1, price);
    await shop.app.inject({ method: 'PATCH', url: `/api/admin/tools/${tool._id}/warranty`, headers: bearer(shop.admin), payload: { serialised: true, warrantyMonths: null } });
    return tool;
  };

  it('withdraws one line of a partly shipped order: acknowledged at once and by mail, authorised, received back to stock, refunded its share once', async () => {
    await calls.setUp();
    await shop.app.inject({ method: 'POST', url: '/api/webhook-endpoints', headers: bearer(shop.admin), payload: { url: PUBLIC_RECEIVER_URL, events: ['return.requested', 'return.received', 'return.refunded'] } });
    const drill = await serialisedTool(10, 40);
    const saw = await freshTool(shop, 10, 1, 30);
    const bits = await freshTool(shop, 10, 1, 5);
    const orderId = await paidOrderOf(shop, shop.customer, [
      { tool: drill, quantity: 2 },
      { tool: saw, quantity: 1 },
      { tool: bits, quantity: 2 },
    ]);
    const serialA = `SN-A-${orderId}`;
    const serialB = `SN-B-${orderId}`;
    expect((await calls.ship(orderId, [{ toolId: drill._id, quantity: 2 }, { toolId: saw._id, quantity: 1 }], { [drill._id]: [serialA, serialB] })).statusCode).toBe(200);

    const requested = await calls.request(orderId, { lines: [{ toolId: drill._id, quantity: 1, serialNumbers: [serialA] }], reason: 'withdrawal', comment: 'Changed my mind' });
    expect(requested.statusCode).toBe(200);
    const ret = requested.json();
    expect(ret).toMatchObject({ orderId, status: 'requested', reason: 'withdrawal', comment: 'Changed my mind', lines: [{ toolId: drill._id, quantity: 1, serialNumbers: [serialA] }] });
    expect(ret.returnNumber).toMatch(/^R-\d+$/);
    // The durable acknowledgement: the return's number, date and time, and what goes back.
    const mails = await shop.database.db.select().from(notifications).where(and(eq(notifications.eventType, 'return.requested'), eq(notifications.channel, 'mail')));
    const acknowledgement = mails.map((row) => row.payload as { to: string; text: string }).find((mail) => mail.text.includes(ret.returnNumber))!;
    expect(acknowledgement.to).toBe(shop.customer.email);
    expect(acknowledgement.text).toContain('we received your withdrawal from the contract');
    expect(acknowledgement.text).toContain(`Requested: ${ret.requestedAt.slice(0, 10)} ${ret.requestedAt.slice(11, 16)} UTC`);
    expect(acknowledgement.text).toContain(`1 x ${drill.toolName} (serial numbers ${serialA})`);
    const hooks = await shop.database.db.select().from(notifications).where(and(eq(notifications.eventType, 'return.requested'), eq(notifications.channel, 'webhook')));
    expect(hooks.some((row) => JSON.stringify(row.payload).includes(ret._id))).toBe(true);

    // The buyer's own list has it; another customer's has not, and their calls find no such order.
    const own = (await shop.app.inject({ method: 'GET', url: '/api/returns?limit=5', headers: bearer(shop.customer) })).json();
    expect(own[0]._id).toBe(ret._id);
    const otherCustomer = await registerUser(shop);
    const others = (await shop.app.inject({ method: 'GET', url: '/api/returns', headers: bearer(otherCustomer) })).json();
    expect(others.some((other: { _id: string }) => other._id === ret._id)).toBe(false);
    expect((await calls.request(orderId, { lines: [{ toolId: saw._id, quantity: 1 }], reason: 'withdrawal' }, otherCustomer)).statusCode).toBe(404);
    // Customers may not answer returns.
    expect((await calls.authorise(ret._id, shop.customer)).statusCode).toBe(403);
    const listed = (await shop.app.inject({ method: 'GET', url: '/api/admin/returns?status=requested&limit=100', headers: bearer(shop.admin) })).json();
    expect(listed.some((other: { _id: string }) => other._id === ret._id)).toBe(true);

    // The same serial cannot go back twice.
    const again = await calls.request(orderId, { lines: [{ toolId: drill._id, quantity: 1, serialNumbers: [serialA] }], reason: 'withdrawal' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(returnMessages.serialReturned(serialA));

    // Received before it is authorised: refused in words.
    expect((await calls.receive(ret._id, [{ toolId: drill._id, quantity: 1, restock: true }])).json().message).toBe(returnMessages.notAuthorised('requested'));
    const authorised = await calls.authorise(ret._id);
    expect(authorised.json()).toMatchObject({ status: 'authorised', instructions: 'Send it to 1 Circuit Road, label RMA' });
    const authorisedMail = (await shop.database.db.select().from(notifications).where(eq(notifications.eventType, 'return.authorised')))
      .map((row) => row.payload as { to: string; text: string })
      .find((mail) => mail.text.includes(ret.returnNumber))!;
    expect(authorisedMail.to).toBe(shop.customer.email);
    expect(authorisedMail.text).toContain('Send it to 1 Circuit Road, label RMA');

    const before = await toolRow(shop, drill._id);
    const received = await calls.receive(ret._id, [{ toolId: drill._id, quantity: 1, restock: true }]);
    expect(received.statusCode).toBe(200);
    expect(received.json().lines[0]).toMatchObject({ receivedQuantity: 1, restocked: true });
    expect((await toolRow(shop, drill._id)).availableQuantity).toBe(before.availableQuantity + 1);
    const returnedMoves = await shop.database.db.select().from(stockMovements).where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, 'returned')));
    expect(returnedMoves.map((move) => [move.toolId, move.units])).toEqual([[drill._id, 1]]);
    // Received twice: refused, restocked once.
    const twice = await calls.receive(ret._id, [{ toolId: drill._id, quantity: 1, restock: true }]);
    expect(twice.statusCode).toBe(409);
    expect((await toolRow(shop, drill._id)).availableQuantity).toBe(before.availableQuantity + 1);

    const paidBefore = await orderRow(orderId);
    const refunded = await calls.refund(ret._id);
    expect(refunded.statusCode).toBe(200);
    // One drill of the goods: its line's share of what was paid, to the cent (no coupon: its unit price).
    expect(refunded.json()).toMatchObject({ status: 'refunded', refundedAmount: 40 });
    const after = await orderRow(orderId);
    expect(after.refundedCents - paidBefore.refundedCents).toBe(4000);
    const notes = await shop.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.reason).toContain(`return ${ret.returnNumber} (withdrawal): 1 x ${drill.toolName}`);
    // The buyer's credit note names the return and its line, and credits the drill's share.
    const pdf = await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}/credit-note.pdf`, headers: bearer(shop.customer) });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const fact of ['Credit note', notes[0]!.number, 'Total credited: $40.00', `return ${ret.returnNumber} (withdrawal)`]) expect(text).toContain(fact);
    const twiceRefunded = await calls.refund(ret._id);
    expect(twiceRefunded.statusCode).toBe(409);
    expect(twiceRefunded.json().message).toBe(returnMessages.notReceived('refunded'));
    expect((await orderRow(orderId)).refundedCents).toBe(after.refundedCents);
    const detail = (await shop.app.inject({ method: 'GET', url: `/api/admin/returns/${ret._id}`, headers: bearer(shop.admin) })).json();
    expect(detail.history.map((event: { status: string }) => event.status)).toEqual(['requested', 'authorised', 'received', 'refunded']);
  });

  it('refuses in words: nothing shipped, more than shipped minus returned, a tool not in the order, a serial not shipped to them, a withdrawal after its period, a claim after the warranty', async () => {
    await calls.setUp();
    const drill = await freshTool(shop, 10, 1, 40);
    const other = await freshTool(shop, 10, 1, 40);
    const orderId = await paidOrderOf(shop, shop.customer, [{ tool: drill, quantity: 3 }]);
    const notShipped = await calls.request(orderId, { lines: [{ toolId: drill._id, quantity: 1 }], reason: 'withdrawal' });
    expect(notShipped.statusCode).toBe(409);
    expect(notShipped.json().message).toBe(returnMessages.notShipped);

    const parcel = (await calls.ship(orderId, [{ toolId: drill._id, quantity: 2 }])).json();
    const tooMany = await calls.request(orderId, { lines: [{ toolId: drill._id, quantity: 3 }], reason: 'faulty' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(returnMessages.moreThanShipped(drill.toolName, 2));
    const notInOrder = await calls.request(orderId, { lines: [{ toolId: other._id, quantity: 1 }], reason: 'faulty' });
    expect(notInOrder.statusCode).toBe(400);
    expect(notInOrder.json().message).toBe(returnMessages.notInOrder(other._id));
    const badSerial = await calls.request(orderId, { lines: [{ toolId: drill._id, quantity: 1, serialNumbers: ['NOT-MINE'] }], reason: 'faulty' });
    expect(badSerial.statusCode).toBe(404);
    expect(badSerial.json().message).toBe(returnMessages.serialNotYours('NOT-MINE', drill.toolName));
    const badReason = await calls.request(orderId, { lines: [{ toolId: drill._id, quantity: 1 }], reason: 'bored' });
    expect(badReason.statusCode).toBe(400);

    // Two units go back; a third is more than shipped minus returned; refused, they can go back again.
    const first = (await calls.request(orderId, { lines: [{ toolId: drill._id, quantity: 2 }], reason: 'wrong item' })).json();
    const third = await calls.request(orderId, { lines: [{ toolId: drill._id, quantity: 1 }], reason: 'wrong item' });
    expect(third.json().message).toBe(returnMessages.moreThanShipped(drill.toolName, 0));
    expect((await calls.refuse(first._id, 'The photos show the right drill')).json()).toMatchObject({ status: 'refused', refusalReason: 'The photos show the right drill' });
    expect((await calls.authorise(first._id)).json().message).toBe(returnMessages.notRequested('refused'));

    // Shipped 30 days ago and never marked delivered: delivery is taken 7 days after, the period of 14 is over.
    await shippedDaysAgo(shop, orderId, 30);
    const late = await calls.request(orderId, { lines: [{ toolId: drill._id, quantity: 1 }], reason: 'withdrawal' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('withdrawal period of this order ended on');
    // A warranty claim is still taken; and the window My Orders reads says both.
    const window = (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}/return-window`, headers: bearer(shop.customer) })).json();
    expect(window.withdrawalUntil < new Date().toISOString()).toBe(true);
    expect(window.warrantyUntil > new Date().toISOString().slice(0, 10)).toBe(true);
    // Marked delivered today: the period runs from today.
    expect((await calls.delivered(orderId, parcel._id)).json().deliveredAt).not.toBeNull();
    expect((await calls.request(orderId, { lines: [{ toolId: drill._id, quantity: 1 }], reason: 'withdrawal' })).statusCode).toBe(200);

    // Three years after shipping, the 24-month warranty is over.
    await shop.database.db.update(shipments).set({ deliveredAt: null }).where(eq(shipments.orderId, orderId));
    await shippedDaysAgo(shop, orderId, 3 * 365);
    const expired = await calls.request(orderId, { lines: [{ toolId: drill._id, quantity: 1 }], reason: 'faulty' });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toContain(`The warranty of ${drill.toolName} ended on`);
  });

  it("a warranty claim for a serial shipped to another buyer answers 404, as one never shipped does", async () => {
    await calls.setUp();
    const drill = await serialisedTool(10, 40);
    const neighbour = await registerUser(shop);
    const theirs = await paidOrderOf(shop, neighbour, [{ tool: drill, quantity: 1 }]);
    const mine = await paidOrderOf(shop, shop.customer, [{ tool: drill, quantity: 1 }]);
    const theirSerial = `SN-THEIRS-${theirs}`;
    const mySerial = `SN-MINE-${mine}`;
    expect((await calls.ship(theirs, [{ toolId: drill._id, quantity: 1 }], { [drill._id]: [theirSerial] })).statusCode).toBe(200);
    expect((await calls.ship(mine, [{ toolId: drill._id, quantity: 1 }], { [drill._id]: [mySerial] })).statusCode).toBe(200);
    for (const reason of ['faulty', 'withdrawal']) {
      const claim = await calls.request(mine, { lines: [{ toolId: drill._id, quantity: 1, serialNumbers: [theirSerial] }], reason });
      expect(claim.statusCode).toBe(404);
      expect(claim.json()).toEqual({ error: 'not_found', message: returnMessages.serialNotYours(theirSerial, drill.toolName) });
    }
    // Nothing was written, and their own unit is still theirs to claim.
    expect((await calls.request(mine, { lines: [{ toolId: drill._id, quantity: 1, serialNumbers: [mySerial] }], reason: 'faulty' })).statusCode).toBe(200);
    expect((await calls.request(theirs, { lines: [{ toolId: drill._id, quantity: 1, serialNumbers: [theirSerial] }], reason: 'faulty' }, neighbour)).statusCode).toBe(200);
  });

  it('a withdrawal of the whole order refunds all that was paid, delivery included; scrapped units do not come back to stock', async () => {
    await calls.setUp();
    const drill = await freshTool(shop, 10, 1, 33.33);
    const orderId = await paidOrderOf(shop, shop.customer, [{ tool: drill, quantity: 3 }]);
    await calls.ship(orderId, [{ toolId: drill._id, quantity: 3 }]);
    const ret = (await calls.request(orderId, { lines: [{ toolId: drill._id, quantity: 3 }], reason: 'withdrawal' })).json();
    await calls.authorise(ret._id);
    const stock = (await toolRow(shop, drill._id)).availableQuantity;
    expect((await calls.receive(ret._id, [{ toolId: drill._id, quantity: 3, restock: false }])).statusCode).toBe(200);
    expect((await toolRow(shop, drill._id)).availableQuantity).toBe(stock);
    expect((await calls.refund(ret._id)).statusCode).toBe(200);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 'refunded', refundedCents: order.priceCents });
  });
});

describeRaces('return races', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  const calls = returnCalls(shop);

  it('parallel returns of the same units: one wins; parallel receipts restock once; parallel refunds refund once', { timeout: 120_000 }, async () => {
    await calls.setUp();
    for (let trial = 0; trial < 5; trial += 1) {
      const drill = await freshTool(shop, 10, 1, 25);
      const orderId = await paidOrderOf(shop, shop.customer, [{ tool: drill, quantity: 2 }]);
      await calls.ship(orderId, [{ toolId: drill._id, quantity: 2 }]);
      const requests = await Promise.all(Array.from({ length: 6 }, () => calls.request(orderId, { lines: [{ toolId: drill._id, quantity: 2 }], reason: 'withdrawal' })));
      const won = requests.filter((answer) => answer.statusCode === 200);
      expect(won).toHaveLength(1);
      for (const lost of requests.filter((answer) => answer.statusCode !== 200)) expect(lost.json().message).toBe(returnMessages.moreThanShipped(drill.toolName, 0));
      const ret = won[0]!.json();
      await calls.authorise(ret._id);
      const stock = (await toolRow(shop, drill._id)).availableQuantity;
      const receipts = await Promise.all(Array.from({ length: 5 }, () => calls.receive(ret._id, [{ toolId: drill._id, quantity: 2, restock: true }])));
      expect(receipts.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect((await toolRow(shop, drill._id)).availableQuantity).toBe(stock + 2);
      const refunds = await Promise.all(Array.from({ length: 5 }, () => calls.refund(ret._id)));
      expect(refunds.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.refundedCents).toBe(order!.priceCents);
      expect(await shop.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId))).toHaveLength(1);
    }
  });
});
