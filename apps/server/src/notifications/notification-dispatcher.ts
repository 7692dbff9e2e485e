import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@voltline/shared/webhook';
import type { Database } from '../db/client.ts';
import { notifications, webhookEndpoints } from '../db/schema.ts';
import type { Mailer } from '../platform/mailer.ts';
import type { MailComposer, OutboxMail } from './mail-composer.ts';
import { signWebhook } from '../platform/webhook-signing.ts';
import { connectionFor, type WebhookTargetPolicy } from './webhook-target.ts';

const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const CLAIM_MS = 60_000;
const BATCH = 20;
const TIMEOUT_MS = 10_000;

/** 10 s, 20 s, 40 s ... capped at an hour: about 30 tries over the 24 hours a delivery is tried for. */
export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** (attempts - 1), 60 * 60 * 1000);
}

type NotificationRow = typeof notifications.$inferSelect;

/** Node names the failure in its message ("connect ECONNREFUSED 10.0.0.5:443"); an abort says why in its cause (the timeout). */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
type Outcome = { ok: true; status?: number } | { ok: false; status?: number; error: string };

/**
 * One POST over node:http(s) rather than fetch: only there can the connection be made through our
 * own `lookup`, which checks the very address the socket is about to use. Redirects are not
 * followed, and only the status is read: a receiver cannot make the shop download anything.
 */
function postWebhook(url: URL, lookup: LookupFunction, headers: OutgoingHttpHeaders, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method: 'POST', headers, lookup, agent: false, signal: AbortSignal.timeout(TIMEOUT_MS) }, (response) => {
      resolve(response.statusCode ?? 0);
      response.destroy();
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Sends what the outbox holds: due rows are claimed (so two instances never send the same one),
 * sent, and marked delivered, or scheduled again with backoff until a day has passed.
 */
export function createNotificationDispatcher(deps: {
  db: Database;
  mailer: Mailer;
  /** Composes deferred mail and renders the documents (invoices, credit notes) a mail carries. */
  composeMail: MailComposer;
  webhookTargets: WebhookTargetPolicy;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}) {
  const { db, mailer, composeMail, webhookTargets, log } = deps;

  async function claimDue(now: Date): Promise<NotificationRow[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            isNull(notifications.deliveredAt),
            isNull(notifications.failedAt),
            lte(notifications.nextAttemptAt, now),
            or(isNull(notifications.lockedUntil), lte(notifications.lockedUntil, now)),
          ),
        )
        .orderBy(asc(notifications.createdAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(notifications)
        .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS) })
        .where(sql`${notifications.id} in (${sql.join(due.map((row) => sql`${row.id}`), sql`, `)})`)
        .returning();
    });
  }

  async function sendMail(row: NotificationRow): Promise<Outcome> {
    try {
      await mailer.send(await composeMail(row.payload as OutboxMail));
      return { ok: true };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  async function sendWebhook(row: NotificationRow): Promise<Outcome> {
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row.target));
    if (!endpoint || !endpoint.active) return { ok: false, error: 'The endpoint was removed.' };
    // Checked again at every delivery: the rules may have tightened since the endpoint was stored.
    const connection = connectionFor(endpoint.url, webhookTargets);
    if ('refusal' in connection) return { ok: false, error: connection.refusal };
    const body = JSON.stringify(row.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const status = await postWebhook(
        connection.url,
        connection.lookup,
        {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Voltline-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(endpoint.secret, body, timestamp),
          [WEBHOOK_EVENT_ID_HEADER]: String((row.payload as { id: string }).id),
        },
        body,
      );
      return status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `HTTP ${status}` };
    } catch (error) {
      return { ok: false, error: describeFailure(error) };
    }
  }

  /**
   * Marks what went out as delivered: one statement for every row that shares a status (all the
   * mails of a pass, most webhooks), not one per row, since every order adds mail to the outbox.
   */
  async function settleDelivered(delivered: { row: NotificationRow; status?: number }[], now: Date): Promise<void> {
    const idsByStatus = new Map<number | null, string[]>();
    for (const { row, status } of delivered) idsByStatus.set(status ?? null, [...(idsByStatus.get(status ?? null) ?? []), row.id]);
    for (const [status, ids] of idsByStatus) {
      await db
        .update(notifications)
        .set({ attempts: sql`${notifications.attempts} + 1`, deliveredAt: now, lastStatus: status, lastError: null, lockedUntil: null })
        .where(inArray(notifications.id, ids));
    }
  }

  async function settleFailed(row: NotificationRow, outcome: Extract<Outcome, { ok: false }>, now: Date): Promise<void> {
    const attempts = row.attempts + 1;
    const next = new Date(now.getTime() + retryDelayMs(attempts));
    const giveUp = next.getTime() - row.createdAt.getTime() > GIVE_UP_AFTER_MS;
    log.warn({ notification: row.id, channel: row.channel, event: row.eventType, attempts, error: outcome.error }, giveUp ? 'notification failed for good' : 'notification failed, will retry');
    await db
      .update(notifications)
      .set({
        attempts,
        lastStatus: outcome.status ?? null,
        lastError: outcome.error.slice(0, 500),
        lockedUntil: null,
        ...(giveUp ? { failedAt: now } : { nextAttemptAt: next }),
      })
      .where(eq(notifications.id, row.id));
  }

  /** One pass: sends everything due at `now`; returns how many were tried. */
  async function deliverDue(now = new Date()): Promise<number> {
    const rows = await claimDue(now);
    const outcomes = await Promise.all(rows.map((row) => (row.channel === 'mail' ? sendMail(row) : sendWebhook(row))));
    const delivered: { row: NotificationRow; status?: number }[] = [];
    for (const [index, row] of rows.entries()) {
      const outcome = outcomes[index]!;
      if (outcome.ok) delivered.push({ row, status: outcome.status });
      else await settleFailed(row, outcome, now);
    }
    await settleDelivered(delivered, now);
    return rows.length;
  }

  return {
    deliverDue,
    /** Runs passes every few seconds until stopped; a failing pass is logged, not fatal. */
    start(intervalMs = 2000): () => void {
      let running = false;
      const tick = async () => {
        if (running) return;
        running = true;
        try {
          while ((await deliverDue()) === BATCH);
        } catch (error) {
          log.warn({ err: error }, 'notification pass failed');
        } finally {
          running = false;
        }
      };
      void tick();
      const timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
