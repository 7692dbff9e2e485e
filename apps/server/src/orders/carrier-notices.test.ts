import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shipmentMessages } from '@voltline/shared/shipments';
import { shipments } from '../db/schema.ts';
import { signWebhook } from '../platform/webhook-signing.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { freshTool, paidOrderOf } from '../test-support/test-orders.ts';
import { bearer } from '../test-support/test-users.ts';

const SECRET = 'carrier-notice-secret-0123456789abcdef';
const OTHER_SECRET = 'someone-elses-secret-0123456789abcdef';
const HOUR_MS = 60 * 60 * 1000;

/**
 * A carrier's word that a parcel arrived (issue 38, decision 048): the withdrawal period counts
 * from delivery, "marked by an admin or a carrier's notice".
 */
describe.each(testDatabaseKinds)('carrier delivery notices on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  const saveCarrier = (body: object) => shop.app.inject({ method: 'PUT', url: '/api/admin/carriers', headers: bearer(shop.admin), payload: body });
  /** Sends the body as these exact bytes, signed with `secret` at `signedAt` (unsigned without one) over `signedBody`, by default the body. */
  const notify = (carrier: string, body: string, secret?: string, signedAt = Date.now(), signedBody = body) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/carriers/${encodeURIComponent(carrier)}/notices`,
      headers: { 'content-type': 'application/json', ...(secret && { 'voltline-signature': signWebhook(secret, signedBody, Math.floor(signedAt / 1000)) }) },
      payload: body,
    });
  const deliveredAt = async (shipmentId: string) => (await shop.database.db.select().from(shipments).where(eq(shipments.id, shipmentId)))[0]!.deliveredAt;

  /** A paid order of one unit, shipped with `carrier` under `trackingNumber`. */
  async function parcelWith(carrier: string, trackingNumber: string): Promise<{ orderId: string; shipmentId: string }> {
    const tool = await freshTool(shop, 10, 1, 20);
    const orderId = await paidOrderOf(shop, shop.customer, [{ tool, quantity: 1 }]);
    const shipped = await shop.app.inject({
      method: 'POST',
      url: `/api/adminPurchased/${orderId}/shipments`,
      headers: bearer(shop.admin),
      payload: { lines: [{ toolId: tool._id, quantity: 1 }], carrier, trackingNumber },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    return { orderId, shipmentId: shipped.json()._id };
  }

  it('keeps the secret an admin sets and answers back only its last 4 characters', async () => {
    const saved = await saveCarrier({ name: 'Notice Post', trackingUrlTemplate: 'https://np.example/{tracking}', noticeSecret: SECRET });
    expect(saved.json()).toMatchObject({ name: 'Notice Post', noticeSecretEnd: SECRET.slice(-4) });
    // A template changed without a secret keeps the one it has.
    expect((await saveCarrier({ name: 'Notice Post', trackingUrlTemplate: 'https://np.example/t/{tracking}' })).json().noticeSecretEnd).toBe(SECRET.slice(-4));
    const listed = await shop.app.inject({ method: 'GET', url: '/api/admin/carriers', headers: bearer(shop.admin) });
    expect(listed.body).not.toContain(SECRET);
    expect(listed.json().find((carrier: { name: string }) => carrier.name === 'Notice Post').noticeSecretEnd).toBe(SECRET.slice(-4));
    const short = await saveCarrier({ name: 'Notice Post', trackingUrlTemplate: 'https://np.example/{tracking}', noticeSecret: 'guessable' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(shipmentMessages.shortNoticeSecret);
  });

  it('marks the parcel delivered at the moment the carrier tells; the first notice counts and a replay changes nothing', async () => {
    await saveCarrier({ name: 'Notice Post', trackingUrlTemplate: 'https://np.example/{tracking}', noticeSecret: SECRET });
    const trackingNumber = `NP-${Date.now()}`;
    const { orderId, shipmentId } = await parcelWith('Notice Post', trackingNumber);
    // Shipped two days ago, delivered an hour ago.
    await shop.database.db.update(shipments).set({ shippedAt: new Date(Date.now() - 48 * HOUR_MS) }).where(eq(shipments.id, shipmentId));
    const at = new Date(Date.now() - HOUR_MS).toISOString();
    const body = JSON.stringify({ trackingNumber, event: 'delivered', at });
    const first = await notify('notice post', body, SECRET);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ acknowledged: true, delivered: 1 });
    expect((await deliveredAt(shipmentId))?.toISOString()).toBe(at);
    // The buyer's withdrawal period now runs from that day.
    const window = (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}/return-window`, headers: bearer(shop.customer) })).json();
    const lastDay = new Date(Date.parse(at) + 14 * 24 * HOUR_MS).toISOString().slice(0, 10);
    expect(window.withdrawalUntil.slice(0, 10)).toBe(lastDay);

    // The same notice again, and a later one, leave the first word standing.
    expect((await notify('Notice Post', body, SECRET)).json()).toEqual({ acknowledged: true, delivered: 0 });
    const later = JSON.stringify({ trackingNumber, event: 'delivered', at: new Date().toISOString() });
    expect((await notify('Notice Post', later, SECRET)).json()).toEqual({ acknowledged: true, delivered: 0 });
    expect((await deliveredAt(shipmentId))?.toISOString()).toBe(at);
  });

  it("refuses a notice not signed with the carrier's secret (401), and an unknown carrier or tracking number (404), changing nothing", async () => {
    await saveCarrier({ name: 'Notice Post', trackingUrlTemplate: 'https://np.example/{tracking}', noticeSecret: SECRET });
    await saveCarrier({ name: 'Silent Post', trackingUrlTemplate: 'https://sp.example/{tracking}' });
    const trackingNumber = `NP-${Date.now()}`;
    const { shipmentId } = await parcelWith('Notice Post', trackingNumber);
    const body = JSON.stringify({ trackingNumber, event: 'delivered', at: new Date(Date.now() - HOUR_MS).toISOString() });

    for (const refused of [
      await notify('Notice Post', body),
      await notify('Notice Post', body, OTHER_SECRET),
      // Signed more than 5 minutes ago: a notice caught on the way cannot be sent again later.
      await notify('Notice Post', body, SECRET, Date.now() - 10 * 60 * 1000),
      // Signed, then changed on the way.
      await notify('Notice Post', JSON.stringify({ ...JSON.parse(body), at: new Date().toISOString() }), SECRET, Date.now(), body),
    ]) {
      expect(refused.statusCode, refused.body).toBe(401);
      expect(refused.json()).toEqual({ error: 'unauthorized', message: shipmentMessages.noticeNotSigned });
    }
    expect(await deliveredAt(shipmentId)).toBeNull();

    // A carrier without a secret cannot send notices.
    const silent = await parcelWith('Silent Post', trackingNumber);
    expect((await notify('Silent Post', body, SECRET)).statusCode).toBe(401);
    expect(await deliveredAt(silent.shipmentId)).toBeNull();

    const unknownCarrier = await notify('Nobody Post', body, SECRET);
    expect(unknownCarrier.statusCode).toBe(404);
    expect(unknownCarrier.json().message).toBe(shipmentMessages.unknownCarrierNotice('Nobody Post'));
    const unknownNumber = await notify('Notice Post', JSON.stringify({ ...JSON.parse(body), trackingNumber: 'NO-SUCH-1' }), SECRET);
    expect(unknownNumber.statusCode).toBe(404);
    expect(unknownNumber.json()).toEqual({ error: 'not_found', message: shipmentMessages.unknownTrackingNumber('NO-SUCH-1') });
    // The same number with another carrier is not this carrier's parcel.
    expect(await deliveredAt(silent.shipmentId)).toBeNull();

    expect(await deliveredAt(shipmentId)).toBeNull();
  });

  it("takes a carrier's moment between the parcel's leaving and now: its clock may be off", async () => {
    await saveCarrier({ name: 'Notice Post', trackingUrlTemplate: 'https://np.example/{tracking}', noticeSecret: SECRET });
    const tracking = `NP-EARLY-${Date.now()}`;
    const early = await parcelWith('Notice Post', tracking);
    const [{ shippedAt } = { shippedAt: new Date() }] = await shop.database.db.select({ shippedAt: shipments.shippedAt }).from(shipments).where(eq(shipments.id, early.shipmentId));
    
    expect((await notify('Notice Post', JSON.stringify({ trackingNumber: tracking, event: 'delivered', at: '2020-01-01T00:00:00Z' }), SECRET)).statusCode).toBe(200);
    expect(await deliveredAt(early.shipmentId)).toEqual(shippedAt);

    const lateTracking = `NP-LATE-${Date.now()}`;
    const late = await parcelWith('Notice Post', lateTracking);
    const sentAt = Date.now();
    expect((await notify('Notice Post', JSON.stringify({ trackingNumber: lateTracking, event: 'delivered', at: '2099-01-01T00:00:00Z' }), SECRET)).statusCode).toBe(200);
    const taken = (await deliveredAt(late.shipmentId))!.getTime();
    expect(taken).toBeGreaterThanOrEqual(sentAt);
    expect(taken).toBeLessThanOrEqual(Date.now());
  });

  it("an admin's mark first: the carrier's later notice leaves it", async () => {
    await saveCarrier({ name: 'Notice Post', trackingUrlTemplate: 'https://np.example/{tracking}', noticeSecret: SECRET });
    const trackingNumber = `NP-${Date.now()}`;
    const { orderId, shipmentId } = await parcelWith('Notice Post', trackingNumber);
    const marked = await shop.app.inject({ method: 'POST', url: `/api/adminPurchased/${orderId}/shipments/${shipmentId}/delivered`, headers: bearer(shop.admin), payload: {} });
    const markedAt = marked.json().deliveredAt;
    const notice = await notify('Notice Post', JSON.stringify({ trackingNumber, event: 'delivered', at: new Date().toISOString() }), SECRET);
    expect(notice.json()).toEqual({ acknowledged: true, delivered: 0 });
    expect((await deliveredAt(shipmentId))?.toISOString()).toBe(markedAt);
  });
});
