import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { formatOrderNumber } from '@voltline/shared/order-number';
import { creditNotes, invoices, orders } from '../db/schema.ts';
import { expectBusyRefusals } from '../test-support/busy-refusals.ts';
import { measureUnderFlood } from '../test-support/latency.ts';
import { placePaidOrder } from '../test-support/test-orders.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';
import { DOCUMENT_DRAWING_QUEUE, DOWNLOADS_WAITING_PER_ACCOUNT, drawDocumentPdf, type DrawDocument } from './invoices-service.ts';

/**
 * Invoice and credit note PDFs are drawn once and kept with their document; drawings take turns, a
 * few per account, so no customer can slow the shop for everyone (docs/decisions/026).
 */
describe.each(testDatabaseKinds)('drawing invoices on $name', (kind) => {
  // The shop's drawing, counted; held while `holding` is set, until let go.
  let drawings = 0;
  let holding = false;
  const held: (() => void)[] = [];
  const draw: DrawDocument = async (document) => {
    drawings += 1;
    if (holding) await new Promise<void>((resolve) => held.push(resolve));
    return drawDocumentPdf(document);
  };
  const shop = useTestShop(kind, { seed: true, users: true, tool: true, drawDocument: draw, environment: { DOCUMENT_DRAWINGS_AT_ONCE: '1' } });

  const invoiceUrl = (orderId: string) => `/api/purchasedSingle/${orderId}/invoice.pdf`;
  const download = (url: string, user: TestUser) => shop.app.inject({ method: 'GET', url, headers: bearer(user) });
  const storedInvoice = async (orderId: string) => (await shop.database.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0]!;

  it('draws an invoice once, at its first download, and serves the kept bytes after', async () => {
    const orderId = await placePaidOrder(shop, shop.customer, shop.tool);
    expect((await storedInvoice(orderId)).pdf).toBeNull();
    const before = drawings;
    // Asked for many times at once: still one drawing.
    const first = await Promise.all(Array.from({ length: 10 }, () => download(invoiceUrl(orderId), shop.customer)));
    expect(first.map((answer) => answer.statusCode)).toEqual(first.map(() => 200));
    expect(drawings - before).toBe(1);
    const stored = await storedInvoice(orderId);
    expect(stored.pdf!.equals(first[0]!.rawPayload)).toBe(true);
    // The same bytes the document drew before it was kept (its creation date is its issue date).
    const { pdf: kept, ...printed } = stored;
    const [{ number }] = (await shop.database.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId))) as [{ number: number }];
    expect((await drawDocumentPdf({ kind: 'invoice', row: printed, orderNumber: formatOrderNumber(number) })).equals(kept!)).toBe(true);

    const again = await download(invoiceUrl(orderId), shop.admin);
    expect(again.rawPayload.equals(stored.pdf!)).toBe(true);
    expect(drawings - before).toBe(1);
  });

  it('keeps credit notes too, and mails the same bytes the buyer downloads', async () => {
    const orderId = await placePaidOrder(shop, shop.customer, shop.tool);
    const refund = await shop.app.inject({ method: 'POST', url: `/api/adminPurchased/${orderId}/refund`, headers: bearer(shop.admin), payload: { reason: 'Returned' } });
    expect(refund.statusCode).toBe(200);
    const before = drawings;
    const note = await download(`/api/purchasedSingle/${orderId}/credit-note.pdf`, shop.customer);
    expect(note.statusCode).toBe(200);
    const [storedNote] = await shop.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(storedNote!.pdf!.equals(note.rawPayload)).toBe(true);
    const invoice = await storedInvoice(orderId);
    // Mailed with the payment and the refund: the invoice is drawn once for its mail, the credit note not again.
    const [invoiceMail] = await shop.core.invoices.mailFiles({ kind: 'invoice', id: invoice.id, number: invoice.number });
    const [noteMail] = await shop.core.invoices.mailFiles({ kind: 'credit_note', id: storedNote!.id, number: storedNote!.number });
    expect(noteMail!.content.equals(note.rawPayload)).toBe(true);
    expect(drawings - before).toBe(2);
    expect((await download(invoiceUrl(orderId), shop.customer)).rawPayload.equals(invoiceMail!.content)).toBe(true);
    expect(drawings - before).toBe(2);
  });

  it(`serves one account's downloads one at a time, ${DOWNLOADS_WAITING_PER_ACCOUNT} waiting at most (then a 429); draws one document at a time, past a queue of ${DOCUMENT_DRAWING_QUEUE} a 503`, async () => {
    const greedy = await registerUser(shop);
    const greedyOrder = await placePaidOrder(shop, greedy, shop.tool);
    const buyers: [TestUser, string][] = [];
    for (let index = 0; index < DOCUMENT_DRAWING_QUEUE + 3; index++) {
      const buyer = await registerUser(shop);
      buyers.push([buyer, await placePaidOrder(shop, buyer, shop.tool)]);
    }

    holding = true;
    try {
      const settled: number[] = [];
      const track = (answer: Awaited<ReturnType<typeof download>>) => (settled.push(answer.statusCode), answer);
      // One account asks for its invoice more times at once than may wait: the one past them is told to come back.
      const greedyAnswers = Promise.all(Array.from({ length: DOWNLOADS_WAITING_PER_ACCOUNT + 2 }, () => download(invoiceUrl(greedyOrder), greedy).then(track)));
      await vi.waitFor(() => expect([settled, held.length]).toEqual([[429], 1]));
      // Every other account's first drawing waits behind it, up to the queue; the rest are refused at once.
      const othersAnswers = Promise.all(buyers.map(([buyer, orderId]) => download(invoiceUrl(orderId), buyer).then(track)));
      const refusedCount = buyers.length - DOCUMENT_DRAWING_QUEUE;
      await vi.waitFor(() => expect(settled.length).toBe(1 + refusedCount));
      expect(held).toHaveLength(1);
      holding = false;
      for (const release of held.splice(0)) release();

      const [mine, others] = [await greedyAnswers, await othersAnswers];
      const greedyRefused = mine.filter((answer) => answer.statusCode !== 200);
      expect(greedyRefused).toHaveLength(1);
      expect(greedyRefused[0]!.statusCode).toBe(429);
      expect(greedyRefused[0]!.headers['retry-after']).toBe('5');
      expect(greedyRefused[0]!.json()).toEqual({ error: 'too_many_requests', message: 'You asked for too many invoices and credit notes at once. Try again in 5 seconds.' });
      expectBusyRefusals(others, refusedCount, 'The shop is busy preparing invoices and credit notes. Try again in 5 seconds.');
      // Asked again later, every document is served.
      for (const [buyer, orderId] of buyers) expect((await download(invoiceUrl(orderId), buyer)).statusCode).toBe(200);
    } finally {
      holding = false;
      for (const release of held.splice(0)) release();
    }
  });

  it("keeps the catalogue's median answer within twice its median alone while one customer keeps 30 invoice downloads in flight", { timeout: 180_000 }, async () => {
    const orderId = await placePaidOrder(shop, shop.customer, shop.tool);
    // Over loopback HTTP, as browsers ask: answers wait for the event loop as they do in production.
    const origin = await shop.app.listen({ host: '127.0.0.1', port: 0 });
    const get = async (path: string, headers: Record<string, string> = {}, signal?: AbortSignal) => {
      const answer = await fetch(`${origin}${path}`, { headers, signal });
      await answer.arrayBuffer();
      return answer.status;
    };
    const readCatalogue = async () => expect(await get('/api/getTools')).toBe(200);
    for (let warmUp = 0; warmUp < 20; warmUp++) await readCatalogue();
    const measured = await measureUnderFlood({
      read: readCatalogue,
      // Downloads still queued when a round ends are dropped, and leave the account's queue at once.
      flood: async (roundOver) => expect(await get(invoiceUrl(orderId), bearer(shop.customer), roundOver)).toBe(200),
      inFlight: 30,
      rounds: 10,
      samplesPerRound: 8,
      pauseMs: 20,
    });
    console.log(`catalogue median alone ${measured.alone.toFixed(2)} ms, under 30 invoice downloads ${measured.flooded.toFixed(2)} ms (${measured.floodAnswers} downloads answered meanwhile) on ${kind.name}`);
    expect(measured.floodAnswers).toBeGreaterThan(0);
    expect(measured.flooded).toBeLessThanOrEqual(2 * measured.alone);
  });
});
