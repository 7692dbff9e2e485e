import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessAccountMessages } from '@voltline/shared/business-accounts';
import type { StoredPricing } from '@voltline/shared/pricing';
import { BUILTIN_VAT_IDS, vatIdMessages } from '@voltline/shared/vat-checks';
import { VAT_ID_EXAMPLES } from '@voltline/shared/vat-id-examples';
import type { Tool } from '@voltline/shared/tool';
import { pdfText } from '@voltline/test-kit/pdf-text';
import { orders, vatChecks } from '../db/schema.ts';
import type { TestShop } from '../test-support/test-app.ts';
import { businessApplication } from '../test-support/business-applications.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { card, createIntent, freshTool } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { queuedMails } from '../test-support/queued-mails.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

/** A German shop charging 19 % on prices that include it: a French business's order is a reverse charge. */
const SHOP = { SHOP_COUNTRY: 'DE', SHOP_VAT_RATE: '19', SHOP_TAX_ID: 'DE113866163', SHOP_LEGAL_NAME: 'Voltline Tools GmbH' };
const DAY = 24 * 60 * 60 * 1000;
const DELIVERY = { phone: '5550100', address: '3 Rue Ampère, 75017 Paris' };


/** The calls of these tests, over HTTP as the web app makes them. */
function tradeCalls(shop: TestShop) {
  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
  const ok = async (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const answer = await call(user, method, url, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const quote = (user: TestUser, tool: Tool, choices: object) => ok(user, 'POST', '/api/checkout/quote', { lines: [{ toolId: tool._id, quantity: 1 }], ...choices });
  /** Places the tool's order with these choices (the spec's POST /purchased): its stored pricing. */
  const placed = async (user: TestUser, tool: Tool, choices: object) => {
    const { insertedId } = await ok(user, 'POST', '/api/purchased', { toolId: tool._id, quantity: 1, ...DELIVERY, ...choices });
    const [row] = await shop.database.db.select({ pricing: orders.pricing }).from(orders).where(eq(orders.id, insertedId));
    return { orderId: insertedId as string, pricing: row!.pricing as StoredPricing };
  };
  const checksOf = (vatId: string) => shop.database.db.select().from(vatChecks).where(eq(vatChecks.vatId, vatId));
  const mailsAbout = (eventType: string, to: string) => queuedMails(shop, eventType, to);
  return { call, ok, quote, placed, checksOf, mailsAbout };
}

describe.each(testDatabaseKinds)('business accounts and checked VAT ids on $name (the built-in checker)', (kind) => {
  const shop = useTestShop(kind, { users: true, delivery: 'shop', environment: SHOP });
  const calls = () => tradeCalls(shop);
  let tool: Tool;
  beforeAll(async () => {
    tool = await freshTool(shop, 1000, 1, 119);
  });

  it('takes an application with its VAT id checked, lists it for admins (paged, searched), and approves it: checkout then charges no VAT and the invoice names the company', async () => {
    const { ok, quote, placed, mailsAbout } = calls();
    const buyer = await registerUser(shop);
    expect(await ok(buyer, 'GET', '/api/business-account')).toBeNull();
    const applied = await ok(buyer, 'POST', '/api/business-account', businessApplication());
    expect(applied).toMatchObject({ state: 'pending', companyName: 'Ampère Électricité SARL', vatId: VAT_ID_EXAMPLES.FR, email: buyer.email, lastVatCheck: { result: 'valid', consultationNumber: expect.stringMatching(/^TEST/) } });
    expect(await ok(buyer, 'GET', '/api/business-account')).toEqual(applied);
    // Waiting: the customer is still a consumer at checkout.
    expect(await quote(buyer, tool, { country: 'FR' })).toMatchObject({ vatTreatment: 'domestic', vatId: null, vatIdNote: null });

    // Found by a part of the company, of the VAT id, of the email; the state filters.
    for (const q of ['ampère élec', VAT_ID_EXAMPLES.FR.slice(2, 9), buyer.email.slice(0, 6), 'am']) {
      expect((await ok(shop.admin, 'GET', `/api/admin/business-accounts?q=${encodeURIComponent(q)}`)).map((account: { _id: string }) => account._id)).toContain(applied._id);
    }
    expect(await ok(shop.admin, 'GET', '/api/admin/business-accounts?q=nothing-like-it')).toEqual([]);
    expect((await ok(shop.admin, 'GET', '/api/admin/business-accounts?state=approved')).map((account: { _id: string }) => account._id)).not.toContain(applied._id);

    const approved = await ok(shop.admin, 'POST', `/api/admin/business-accounts/${applied._id}/approve`, {});
    expect(approved).toMatchObject({ state: 'approved', decidedBy: shop.admin.email, decidedAt: expect.any(String) });
    expect(await mailsAbout('business_account.approved', buyer.email)).toMatchObject([{ payload: { text: expect.stringContaining(businessAccountMessages.approvedMail('Ampère Électricité SARL')) } }]);
    const again = await calls().call(shop.admin, 'POST', `/api/admin/business-accounts/${applied._id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', message: businessAccountMessages.notPending });

    // Approved: the account's VAT id is the buyer's, its check recent: no VAT, and the order keeps the check.
    expect(await quote(buyer, tool, { country: 'FR' })).toMatchObject({ vatTreatment: 'reverse-charge', vatId: VAT_ID_EXAMPLES.FR, vatIdNote: null, total: 115.05 });
    const { orderId, pricing } = await placed(buyer, tool, { country: 'FR' });
    expect(pricing).toMatchObject({
      vatId: VAT_ID_EXAMPLES.FR,
      vatIdEvidence: { kind: 'checked', checkedAt: applied.lastVatCheck.checkedAt, consultationNumber: applied.lastVatCheck.consultationNumber },
      business: { companyName: 'Ampère Électricité SARL', billingStreet: '3 Rue Ampère', billingPostcode: '75017', billingCity: 'Paris', billingCountry: 'FR' },
      quote: { vatTreatment: 'reverse-charge' },
    });
    const { clientSecret } = (await createIntent(shop, buyer, orderId)).json();
    await ok(buyer, 'POST', '/api/payments/builtin/confirm', { clientSecret, card: card('4242424242424242') });
    const text = await pdfText((await calls().call(buyer, 'GET', `/api/purchasedSingle/${orderId}/invoice.pdf`)).rawPayload);
    for (const fact of ['Ampère Électricité SARL', '3 Rue Ampère', '75017 Paris', 'France', `VAT id: ${VAT_ID_EXAMPLES.FR}`, `consultation number ${applied.lastVatCheck.consultationNumber}`, 'Reverse charge']) {
      expect(text).toContain(fact);
    }
    // Approved once: applying again is refused in words.
    const reapplied = await calls().call(buyer, 'POST', '/api/business-account', businessApplication());
    expect(reapplied.statusCode).toBe(409);
    expect(reapplied.json()).toEqual({ error: 'conflict', message: businessAccountMessages.alreadyApproved });
  });

  it('pages the Trade accounts list with a cursor, newest first', async () => {
    const { ok, call } = calls();
    for (const name of ['Paging One', 'Paging Two', 'Paging Three']) {
      await ok(await registerUser(shop), 'POST', '/api/business-account', businessApplication({ companyName: `${name} GmbH` }));
    }
    const first = await call(shop.admin, 'GET', '/api/admin/business-accounts?q=paging&limit=2');
    expect(first.json().map((account: { companyName: string }) => account.companyName)).toEqual(['Paging Three GmbH', 'Paging Two GmbH']);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)![1]!;
    expect((await ok(shop.admin, 'GET', next)).map((account: { companyName: string }) => account.companyName)).toEqual(['Paging One GmbH']);
  });

  it('refuses an application with a reason in words, mailed; the customer applies again', async () => {
    const { ok, call, mailsAbout } = calls();
    const buyer = await registerUser(shop);
    const applied = await ok(buyer, 'POST', '/api/business-account', businessApplication({ vatId: BUILTIN_VAT_IDS.invalid, billingCountry: 'AT', billingPostcode: '1010', billingCity: 'Wien' }));
    expect(applied.lastVatCheck).toMatchObject({ result: 'invalid', consultationNumber: null });
    const withoutReason = await call(shop.admin, 'POST', `/api/admin/business-accounts/${applied._id}/refuse`, { reason: ' ' });
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json()).toMatchObject({ error: 'bad_request', message: expect.stringContaining('Reason is required') });
    const reason = 'VIES does not list this VAT id.';
    expect(await ok(shop.admin, 'POST', `/api/admin/business-accounts/${applied._id}/refuse`, { reason })).toMatchObject({ state: 'refused', refusalReason: reason });
    expect(await ok(buyer, 'GET', '/api/business-account')).toMatchObject({ state: 'refused', refusalReason: reason });
    expect(await mailsAbout('business_account.refused', buyer.email)).toMatchObject([{ payload: { text: expect.stringContaining(reason) } }]);
    // Confirming a VAT id by hand is for approved accounts only.
    expect((await call(shop.admin, 'POST', `/api/admin/business-accounts/${applied._id}/confirm-vat-id`, { reason: 'Paper certificate' })).statusCode).toBe(409);
    expect(await ok(buyer, 'POST', '/api/business-account', businessApplication())).toMatchObject({ state: 'pending', refusalReason: null, decidedAt: null });
  });

  it('charges VAT, saying why, on a VAT id VIES does not list, until an admin confirms it by hand (who, when, why kept with the order)', async () => {
    const { ok, quote, placed } = calls();
    const buyer = await registerUser(shop);
    const vatId = BUILTIN_VAT_IDS.invalid;
    const applied = await ok(buyer, 'POST', '/api/business-account', businessApplication({ vatId }));
    await ok(shop.admin, 'POST', `/api/admin/business-accounts/${applied._id}/approve`, {});
    expect(await quote(buyer, tool, { country: 'FR' })).toMatchObject({ vatTreatment: 'domestic', vatId, vatIdNote: vatIdMessages.notRegistered(vatId), total: 136.91 });
    const confirmed = await ok(shop.admin, 'POST', `/api/admin/business-accounts/${applied._id}/confirm-vat-id`, { reason: 'Registration certificate seen' });
    expect(confirmed.vatConfirmation).toEqual({ confirmedBy: shop.admin.email, confirmedAt: expect.any(String), reason: 'Registration certificate seen' });
    expect(await quote(buyer, tool, { country: 'FR' })).toMatchObject({ vatTreatment: 'reverse-charge', vatId, vatIdNote: null });
    expect((await placed(buyer, tool, { country: 'FR' })).pricing).toMatchObject({
      vatIdEvidence: { kind: 'confirmed', confirmedBy: shop.admin.email, confirmedAt: confirmed.vatConfirmation.confirmedAt, reason: 'Registration certificate seen' },
      quote: { vatTreatment: 'reverse-charge' },
    });
  });

  it('applies reverse charge on a typed VAT id only with a passing check within VAT_CHECK_MAX_AGE_DAYS; VIES away keeps the shop selling with VAT, in words', async () => {
    const { quote, placed, checksOf } = calls();
    const buyer = await registerUser(shop);
    const vatId = BUILTIN_VAT_IDS.unavailable;
    // Never checked, and VIES cannot be reached: VAT is charged, and the order is placed.
    expect(await quote(buyer, tool, { country: 'FR', vatId })).toMatchObject({ vatTreatment: 'domestic', vatIdNote: vatIdMessages.unavailable(vatId) });
    const unchecked = await placed(buyer, tool, { country: 'FR', vatId });
    expect(unchecked.pricing).toMatchObject({ vatId, vatIdEvidence: null, business: null, quote: { vatTreatment: 'domestic', total: 13691 } });
    expect((await checksOf(vatId)).map((check) => check.result)).toEqual(['unavailable', 'unavailable']);

    // Passed 31 days ago: too old; the check asked again cannot reach VIES: VAT, and the words say why.
    await shop.database.db.insert(vatChecks).values({ vatId, result: 'valid', consultationNumber: 'OLD1', checkedAt: new Date(Date.now() - 31 * DAY) });
    expect(await quote(buyer, tool, { country: 'FR', vatId })).toMatchObject({
      vatTreatment: 'domestic',
      vatIdNote: vatIdMessages.expired(vatId, new Date(Date.now() - 31 * DAY).toISOString(), 30),
    });
    // Passed 29 days ago: reverse charge without asking VIES again, the check kept with the order.
    const recent = new Date(Date.now() - 29 * DAY);
    await shop.database.db.insert(vatChecks).values({ vatId, result: 'valid', consultationNumber: 'RECENT1', checkedAt: recent });
    const asked = (await checksOf(vatId)).length;
    expect(await quote(buyer, tool, { country: 'FR', vatId })).toMatchObject({ vatTreatment: 'reverse-charge', vatIdNote: null });
    expect((await placed(buyer, tool, { country: 'FR', vatId })).pricing).toMatchObject({
      vatIdEvidence: { kind: 'checked', checkedAt: recent.toISOString(), consultationNumber: 'RECENT1' },
      quote: { vatTreatment: 'reverse-charge' },
    });
    expect(await checksOf(vatId)).toHaveLength(asked);
  });

  it('answers a customer 403 on every admin route of the trade accounts', async () => {
    const { call } = calls();
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, payload] of [
      ['GET', '/api/admin/business-accounts', undefined],
      ['POST', `/api/admin/business-accounts/${id}/approve`, undefined],
      ['POST', `/api/admin/business-accounts/${id}/refuse`, { reason: 'no' }],
      ['POST', `/api/admin/business-accounts/${id}/confirm-vat-id`, { reason: 'yes' }],
    ] as const) {
      const answer = await call(shop.customer, method, url, payload);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json()).toMatchObject({ error: 'forbidden', message: expect.any(String) });
    }
  });
});

/** A local stand-in for VIES's REST API (POST /check-vat-number): the shop's real checker talks to it over HTTP. */
async function startViesStandIn() {
  const requests: Record<string, unknown>[] = [];
  let numbers = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const asked = JSON.parse(body) as { countryCode: string; vatNumber: string; requesterNumber?: string };
      requests.push(asked);
      const send = (status: number, payload: object) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (request.method !== 'POST' || request.url !== '/check-vat-number') return send(404, {});
      const id = `${asked.countryCode}${asked.vatNumber}`;
      // VIES's own ways of not knowing: a member state away (valid false with userError), the whole service down (503).
      if (id === VAT_ID_EXAMPLES.IT) return send(200, { countryCode: asked.countryCode, vatNumber: asked.vatNumber, valid: false, userError: 'MS_UNAVAILABLE', requestDate: new Date().toISOString() });
      if (id === VAT_ID_EXAMPLES.ES) return send(503, { actionSucceed: false, errorWrappers: [{ error: 'SERVICE_UNAVAILABLE' }] });
      const valid = id === VAT_ID_EXAMPLES.FR;
      numbers += 1;
      return send(200, {
        countryCode: asked.countryCode,
        vatNumber: asked.vatNumber,
        valid,
        userError: valid ? 'VALID' : 'INVALID',
        requestDate: new Date().toISOString(),
        // VIES gives a consultation number only to a requester who names their own VAT id.
        ...(asked.requesterNumber && { requestIdentifier: `WAPIAAAAW${String(numbers).padStart(6, '0')}` }),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(testDatabaseKinds)('VAT ids checked with VIES (a local stand-in) on $name', (kind) => {
  let vies: Awaited<ReturnType<typeof startViesStandIn>>;
  // Started before the shop, which is told its address; stopped after the shop.
  beforeAll(async () => {
    vies = await startViesStandIn();
  });
  afterAll(() => vies.stop());
  const shop = useTestShop(kind, () => ({ users: true, delivery: 'shop', environment: { ...SHOP, VAT_CHECK_PROVIDER: 'vies', VIES_URL: vies.url } }));
  const calls = () => tradeCalls(shop);

  it("keeps VIES's consultation number with a reverse-charge order, the shop's own VAT id sent as the requester's", async () => {
    const { quote, placed } = calls();
    const tool = await freshTool(shop, 100, 1, 119);
    const buyer = await registerUser(shop);
    expect(await quote(buyer, tool, { country: 'FR', vatId: VAT_ID_EXAMPLES.FR })).toMatchObject({ vatTreatment: 'reverse-charge', vatIdNote: null });
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'FR', vatNumber: VAT_ID_EXAMPLES.FR.slice(2), requesterMemberStateCode: 'DE', requesterNumber: '113866163' });
    const { pricing } = await placed(buyer, tool, { country: 'FR', vatId: VAT_ID_EXAMPLES.FR });
    expect(pricing).toMatchObject({ vatIdEvidence: { kind: 'checked', consultationNumber: expect.stringMatching(/^WAPIAAAAW\d{6}$/) }, quote: { vatTreatment: 'reverse-charge' } });
  });

  it('charges VAT, in words, when VIES or the member state cannot answer, or does not list the id; the order is still placed', async () => {
    const { quote, placed } = calls();
    const tool = await freshTool(shop, 100, 1, 119);
    const buyer = await registerUser(shop);
    for (const [vatId, words] of [
      [VAT_ID_EXAMPLES.IT, vatIdMessages.unavailable(VAT_ID_EXAMPLES.IT)],
      [VAT_ID_EXAMPLES.ES, vatIdMessages.unavailable(VAT_ID_EXAMPLES.ES)],
      [VAT_ID_EXAMPLES.BE, vatIdMessages.notRegistered(VAT_ID_EXAMPLES.BE)],
    ] as const) {
      expect(await quote(buyer, tool, { country: 'FR', vatId })).toMatchObject({ vatTreatment: 'domestic', vatIdNote: words });
      expect((await placed(buyer, tool, { country: 'FR', vatId })).pricing).toMatchObject({ vatId, vatIdEvidence: null, quote: { vatTreatment: 'domestic' } });
    }
  });
});
