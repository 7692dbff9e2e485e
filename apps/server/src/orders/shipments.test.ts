import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatOrderNumber } from '@voltline/shared/order-number';
import { shipmentMessages, warrantyUntil } from '@voltline/shared/shipments';
import { notifications, orderEvents, orders, shipments, stockMovements } from '../db/schema.ts';
import { itRaces, testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { callerOf, freshTool, paidOrderOf, placePaidOrder, toolRow } from '../test-support/test-orders.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';
import { pdfText } from '@voltline/test-kit/pdf-text';

const DHL = { name: 'DHL', trackingUrlTemplate: 'https://www.dhl.de/de/privatkunden.html?piececode={tracking}' };
/** Receivers must be on the public internet (webhook-target.ts); these tests only read the outbox. */
const PUBLIC_RECEIVER_URL = 'https://93.184.215.14/hooks';

describe.each(testDatabaseKinds)('shipments on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  const ship = (orderId: string, body: object, user: TestUser = shop.admin) =>
    shop.app.inject({ method: 'POST', url: `/api/adminPurchased/${orderId}/shipments`, headers: bearer(user), payload: body });
  const parcels = (orderId: string, user: TestUser) => shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}/shipments`, headers: bearer(user) });
  const orderRow = async (orderId: string) => (await shop.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const saveCarrier = (body: object) => shop.app.inject({ method: 'PUT', url: '/api/admin/carriers', headers: bearer(shop.admin), payload: body });

  it('keeps carriers with an https tracking address that has {tracking}, refusing others in words', async () => {
    expect((await saveCarrier(DHL)).statusCode).toBe(200);
    const http = await saveCarrier({ name: 'Plain', trackingUrlTemplate: 'http://track.example/{tracking}' });
    expect(http.statusCode).toBe(400);
    expect(http.json().message).toContain(shipmentMessages.templateNotHttps);
    const noPlaceholder = await saveCarrier({ name: 'Plain', trackingUrlTemplate: 'https://track.example/' });
    expect(noPlaceholder.statusCode).toBe(400);
    expect(noPlaceholder.json().message).toContain(shipmentMessages.templateWithoutPlaceholder);
    const tooLong = await saveCarrier({ name: 'x'.repeat(61), trackingUrlTemplate: DHL.trackingUrlTemplate });
    expect(tooLong.statusCode).toBe(400);
    // The same name in another case changes the carrier rather than adding one.
    expect((await saveCarrier({ name: 'dhl', trackingUrlTemplate: DHL.trackingUrlTemplate })).statusCode).toBe(200);
    const listed = (await shop.app.inject({ method: 'GET', url: '/api/admin/carriers', headers: bearer(shop.admin) })).json();
    expect(listed.filter((carrier: { name: string }) => carrier.name.toLowerCase() === 'dhl')).toHaveLength(1);
    await saveCarrier(DHL);
  });

  it('ships two of three lines in part with tracking: stock, promise, order, history, mail and webhook move together', async () => {
    await saveCarrier(DHL);
    await shop.app.inject({ method: 'POST', url: '/api/webhook-endpoints', headers: bearer(shop.admin), payload: { url: PUBLIC_RECEIVER_URL, events: ['shipment.created', 'order.shipped'] } });
    const drill = await freshTool(shop, 10, 1, 40);
    const saw = await freshTool(shop, 10, 1, 30);
    const bits = await freshTool(shop, 10, 1, 5);
    const orderId = await paidOrderOf(shop, shop.customer, [
      { tool: drill, quantity: 3 },
      { tool: saw, quantity: 1 },
      { tool: bits, quantity: 2 },
    ]);

    const first = await ship(orderId, { lines: [{ toolId: drill._id, quantity: 2 }, { toolId: saw._id, quantity: 1 }], carrier: 'DHL', trackingNumber: 'JJD000123' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      orderId,
      carrier: 'DHL',
      trackingNumber: 'JJD000123',
      trackingUrl: 'https://www.dhl.de/de/privatkunden.html?piececode=JJD000123',
      lines: [
        { toolId: drill._id, product: drill.toolName, quantity: 2, serialNumbers: [] },
        { toolId: saw._id, product: saw.toolName, quantity: 1, serialNumbers: [] },
      ],
    });
    // Partly shipped: the spec's delivery stays pending, the units say how far it got.
    const order = (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(shop.customer) })).json();
    expect(order).toMatchObject({ delivery: 'pending', shippedUnits: 3, quantity: 6 });
    // The parcel's units left the stock and the promise; the third tool's did not.
    expect(await toolRow(shop, drill._id)).toMatchObject({ availableQuantity: 8, promisedQuantity: 1 });
    expect(await toolRow(shop, saw._id)).toMatchObject({ availableQuantity: 9, promisedQuantity: 0 });
    expect(await toolRow(shop, bits._id)).toMatchObject({ availableQuantity: 10, promisedQuantity: 2 });
    const moves = await shop.database.db.select().from(stockMovements).where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, 'shipped')));
    expect(moves.map((move) => [move.toolId, move.units]).sort()).toEqual([[drill._id, -2], [saw._id, -1]].sort());
    const history = await shop.database.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'shipped')));
    expect(history).toHaveLength(1);
    expect(history[0]!.detail).toContain('DHL, tracking JJD000123');
    expect(history[0]!.detail).toContain('3 of 6 units shipped');
    const outbox = await shop.database.db.select().from(notifications).where(eq(notifications.eventType, 'shipment.created'));
    // Mails name the order by its number (issue 43).
    const [{ number }] = (await shop.database.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId))) as [{ number: number }];
    const mail = outbox.find((row) => row.channel === 'mail' && (row.payload as { text: string }).text.includes(formatOrderNumber(number)))!.payload as { to: string; subject: string; text: string };
    expect(mail.to).toBe(shop.customer.email);
    expect(mail.subject).toContain(`part of your order ${formatOrderNumber(number)} has shipped`);
    expect(mail.text).toContain(`2 x ${drill.toolName}`);
    expect(mail.text).toContain('Track it: https://www.dhl.de/de/privatkunden.html?piececode=JJD000123');
    expect(outbox.some((row) => row.channel === 'webhook' && JSON.stringify(row.payload).includes(first.json()._id))).toBe(true);

    // The rest, through the spec's deliverConfirm: one parcel without tracking, and the order shipped.
    const rest = await shop.app.inject({ method: 'PATCH', url: `/api/deliverConfirm/${orderId}`, headers: bearer(shop.admin), payload: { delivery: 'shipped' } });
    expect(rest.statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ delivery: 'shipped', shippedUnits: 6 });
    expect(await toolRow(shop, drill._id)).toMatchObject({ availableQuantity: 7, promisedQuantity: 0 });
    expect(await toolRow(shop, bits._id)).toMatchObject({ availableQuantity: 8, promisedQuantity: 0 });
    const listed = (await parcels(orderId, shop.customer)).json();
    expect(listed).toHaveLength(2);
    expect(listed[1]).toMatchObject({ carrier: null, trackingUrl: null, lines: [{ toolId: drill._id, quantity: 1 }, { toolId: bits._id, quantity: 2 }] });
    // The first parcel's packing slip: what is in it, units and where it goes, no prices.
    const slip = await shop.app.inject({ method: 'GET', url: `/api/adminPurchased/${orderId}/shipments/${first.json()._id}/packing-slip.pdf`, headers: bearer(shop.admin) });
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    const slipText = await pdfText(slip.rawPayload);
    const [{ number: slipNumber }] = (await shop.database.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId))) as [{ number: number }];
    for (const fact of ['Packing slip', `Order: ${formatOrderNumber(slipNumber)}`, drill.toolName, saw.toolName, 'DHL, tracking number JJD000123', '1 Circuit Road', 'Units']) expect(slipText).toContain(fact);
    expect(slipText).not.toContain(bits.toolName);
    expect(slipText).not.toContain('$');
    const otherParcel = await shop.app.inject({ method: 'GET', url: `/api/adminPurchased/${orderId}/shipments/${orderId}/packing-slip.pdf`, headers: bearer(shop.admin) });
    expect(otherParcel.statusCode).toBe(404);
    const completed = await shop.database.db.select().from(notifications).where(and(eq(notifications.eventType, 'order.shipped'), eq(notifications.channel, 'webhook')));
    expect(completed.filter((row) => JSON.stringify(row.payload).includes(orderId))).toHaveLength(1);
    // Nothing is left: both ways refuse in words.
    const again = await ship(orderId, { lines: [{ toolId: drill._id, quantity: 1 }], carrier: 'DHL', trackingNumber: 'JJD000124' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(shipmentMessages.allShipped);
  });

  it('refuses in words: more units than are left, a tool not in the order, bad units, an unknown carrier, an unpaid or refunded order', async () => {
    await saveCarrier(DHL);
    const drill = await freshTool(shop, 10, 1, 40);
    const other = await freshTool(shop, 10, 1, 40);
    const orderId = await paidOrderOf(shop, shop.customer, [{ tool: drill, quantity: 3 }]);
    const parcel = (quantity: unknown, toolId: string = drill._id, carrier = 'DHL') => ({ lines: [{ toolId, quantity }], carrier, trackingNumber: 'JJD1' });

    const tooMany = await ship(orderId, parcel(4));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ error: 'conflict', message: shipmentMessages.moreThanLeft(drill.toolName, 3) });
    const notInOrder = await ship(orderId, parcel(1, other._id));
    expect(notInOrder.statusCode).toBe(400);
    expect(notInOrder.json().message).toBe(shipmentMessages.notInOrder(other._id));
    for (const quantity of [0, -1, 1.5, '2']) {
      const bad = await ship(orderId, parcel(quantity));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(shipmentMessages.badQuantity);
    }
    const unknown = await ship(orderId, parcel(1, drill._id, 'Pigeon Post'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(shipmentMessages.unknownCarrier('Pigeon Post'));
    const twice = await ship(orderId, { lines: [{ toolId: drill._id, quantity: 1 }, { toolId: drill._id, quantity: 1 }], carrier: 'DHL', trackingNumber: 'JJD1' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain(shipmentMessages.repeatedTool);
    // Two parcels of 2 and 1 take all three; a third finds nothing left of the tool.
    expect((await ship(orderId, parcel(2))).statusCode).toBe(200);
    const pastLeft = await ship(orderId, parcel(2));
    expect(pastLeft.json().message).toBe(shipmentMessages.moreThanLeft(drill.toolName, 1));
    expect(await toolRow(shop, drill._id)).toMatchObject({ availableQuantity: 8, promisedQuantity: 1 });

    const unpaid = await shop.core.orders.placeOrder(await callerOf(shop, shop.customer), { toolId: drill._id, quantity: 1, phone: '5550100', address: '1 Circuit Road' });
    const unpaidShip = await ship(unpaid.insertedId, parcel(1));
    expect(unpaidShip.statusCode).toBe(409);
    expect(unpaidShip.json().message).toBe(shipmentMessages.unpaid);

    const refundedId = await paidOrderOf(shop, shop.customer, [{ tool: drill, quantity: 1 }]);
    await shop.app.inject({ method: 'POST', url: `/api/adminPurchased/${refundedId}/refund`, headers: bearer(shop.admin), payload: { reason: 'Out of stock' } });
    const refundedShip = await ship(refundedId, parcel(1));
    expect(refundedShip.statusCode).toBe(409);
    expect(refundedShip.json().message).toBe(shipmentMessages.refunded);
  });

  it('a full refund after a parcel gives back the promise of the units not shipped only', async () => {
    await saveCarrier(DHL);
    const drill = await freshTool(shop, 10, 1, 40);
    const orderId = await paidOrderOf(shop, shop.customer, [{ tool: drill, quantity: 3 }]);
    expect((await ship(orderId, { lines: [{ toolId: drill._id, quantity: 2 }], carrier: 'DHL', trackingNumber: 'JJD2' })).statusCode).toBe(200);
    const refund = await shop.app.inject({ method: 'POST', url: `/api/adminPurchased/${orderId}/refund`, headers: bearer(shop.admin), payload: { reason: 'Customer asked' } });
    expect(refund.statusCode).toBe(200);
    expect(await toolRow(shop, drill._id)).toMatchObject({ availableQuantity: 8, promisedQuantity: 0 });
    const [refunded] = await shop.database.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'refunded')));
    expect(refunded!.detail).toContain('2 units shipped, the rest canceled, 1 units back on sale');
  });

  it('needs a serial per unit of a serialised tool, each once per tool across the shop; admins find the order by serial', async () => {
    await saveCarrier(DHL);
    const drill = await freshTool(shop, 10, 1, 40);
    const marked = await shop.app.inject({ method: 'PATCH', url: `/api/admin/tools/${drill._id}/warranty`, headers: bearer(shop.admin), payload: { serialised: true, warrantyMonths: 36 } });
    expect(marked.json()).toEqual({ serialised: true, warrantyMonths: 36 });
    const orderId = await paidOrderOf(shop, shop.customer, [{ tool: drill, quantity: 2 }]);
    const parcel = (serials: string[]) => ({ lines: [{ toolId: drill._id, quantity: 2 }], carrier: 'DHL', trackingNumber: 'JJD3', serialNumbers: { [drill._id]: serials } });
    const missing = await ship(orderId, parcel(['SN-1']));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(shipmentMessages.serialPerUnit(drill.toolName, 2));
    const repeated = await ship(orderId, parcel(['SN-1', 'SN-1']));
    expect(repeated.json().message).toBe(shipmentMessages.repeatedSerial('SN-1'));
    const shipped = await ship(orderId, parcel([`SN-${orderId}-1`, `SN-${orderId}-2`]));
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().lines[0].serialNumbers).toEqual([`SN-${orderId}-1`, `SN-${orderId}-2`]);

    const secondOrder = await paidOrderOf(shop, shop.customer, [{ tool: drill, quantity: 2 }]);
    const taken = await ship(secondOrder, parcel([`SN-${orderId}-2`, 'SN-new']));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(shipmentMessages.serialTaken(`SN-${orderId}-2`, drill.toolName));
    // Nothing of the refused parcel stayed.
    expect(await shop.database.db.select().from(shipments).where(eq(shipments.orderId, secondOrder))).toHaveLength(0);

    const found = (await shop.app.inject({ method: 'GET', url: `/api/adminPurchased?q=${encodeURIComponent(`SN-${orderId}-2`)}`, headers: bearer(shop.admin) })).json();
    expect(found.map((order: { _id: string }) => order._id)).toEqual([orderId]);

    // The warranty of that unit: its buyer and admins are told; anyone else finds no such unit.
    const warranty = (user: TestUser) => shop.app.inject({ method: 'GET', url: `/api/warranty/${encodeURIComponent(`SN-${orderId}-2`)}`, headers: bearer(user) });
    const shippedAt = new Date(shipped.json().shippedAt);
    const answer = (await warranty(shop.customer)).json();
    expect(answer).toEqual({
      serialNumber: `SN-${orderId}-2`,
      toolId: drill._id,
      product: drill.toolName,
      orderId,
      shippedAt: shipped.json().shippedAt,
      warrantyMonths: 36,
      warrantyUntil: warrantyUntil(shippedAt, 36),
      covered: true,
    });
    expect((await warranty(shop.admin)).json()).toEqual(answer);
    const stranger = await warranty(await registerUser(shop));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('No unit of yours has this serial number');
    // A day after its last day the unit is no longer covered.
    const afterIt = new Date(Date.parse(`${answer.warrantyUntil}T00:00:00Z`) + 24 * 60 * 60 * 1000);
    const caller = { ...(await callerOf(shop, shop.customer)) };
    expect(await shop.core.shipments.warranty(caller, `SN-${orderId}-2`, afterIt)).toMatchObject({ covered: false });
    // Without a warranty of its own, the tool has the shop's WARRANTY_MONTHS (24).
    await shop.app.inject({ method: 'PATCH', url: `/api/admin/tools/${drill._id}/warranty`, headers: bearer(shop.admin), payload: { serialised: true, warrantyMonths: null } });
    expect((await warranty(shop.customer)).json()).toMatchObject({ warrantyMonths: 24, warrantyUntil: warrantyUntil(shippedAt, 24) });
  });

  it("answers an order's parcels to its buyer and admins; to another customer the order does not exist", async () => {
    const tool = await freshTool(shop, 10, 1, 40);
    const orderId = await placePaidOrder(shop, shop.customer, tool, 1);
    await shop.app.inject({ method: 'PATCH', url: `/api/deliverConfirm/${orderId}`, headers: bearer(shop.admin), payload: {} });
    expect((await parcels(orderId, shop.customer)).json()).toHaveLength(1);
    expect((await parcels(orderId, shop.admin)).json()).toHaveLength(1);
    const stranger = await registerUser(shop);
    const refused = await parcels(orderId, stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'not_found', message: 'Order not found' });
  });

  itRaces(kind)(
    'ten admins shipping the same units at once ship them once',
    async () => {
    await saveCarrier(DHL);
    for (let trial = 0; trial < 10; trial += 1) {
      const drill = await freshTool(shop, 10, 1, 40);
      const orderId = await paidOrderOf(shop, shop.customer, [{ tool: drill, quantity: 3 }]);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, index) => ship(orderId, { lines: [{ toolId: drill._id, quantity: 2 }], carrier: 'DHL', trackingNumber: `JJD${trial}X${index}` })),
      );
      expect(results.map((result) => result.statusCode).sort()).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
      expect(await shop.database.db.select().from(shipments).where(eq(shipments.orderId, orderId))).toHaveLength(1);
      expect(await toolRow(shop, drill._id)).toMatchObject({ availableQuantity: 8, promisedQuantity: 1 });
      expect(await orderRow(orderId)).toMatchObject({ shippedUnits: 2, delivery: 'pending' });
    }
  },
    { timeout: 120_000 },
  );
});
