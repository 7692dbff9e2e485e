import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import type { PageQuery } from '@voltline/shared/paging';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointInput } from '@voltline/shared/webhook';
import type { Database } from '../db/client.ts';
import { notifications, webhookEndpoints } from '../db/schema.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import type { Caller } from '../identity/caller.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';
import { refusalFor, type WebhookTargetPolicy } from './webhook-target.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const toEndpointDto = (row: EndpointRow): WebhookEndpoint => ({
  _id: row.id,
  url: row.url,
  events: row.events,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
});

/** Admins register the systems that hear about orders and stock, and read each one's delivery log. */
const newestEndpointsFirst: KeysetOrder = {
  key: webhookEndpoints.createdAt,
  keyType: 'timestamptz',
  id: webhookEndpoints.id,
  idType: 'uuid',
  direction: 'desc',
};
const newestDeliveriesFirst: KeysetOrder = {
  key: notifications.createdAt,
  keyType: 'timestamptz',
  id: notifications.id,
  idType: 'uuid',
  direction: 'desc',
};

export function createWebhookEndpointsService(db: Database, targets: WebhookTargetPolicy, paging: Paging) {
  async function findEndpoint(endpointId: string): Promise<EndpointRow> {
    const id = entityIdSchema.safeParse(endpointId);
    if (!id.success) throw notFound('Webhook endpoint not found');
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id.data));
    if (!row) throw notFound('Webhook endpoint not found');
    return row;
  }

  return {
    /** The endpoints deliveries go to, newest first, a page at a time. */
    async list(query: PageQuery): Promise<Page<WebhookEndpoint>> {
      const page = paging.page({ list: 'webhook-endpoints', order: newestEndpointsFirst, query: { ...query, q: undefined } });
      const select = db.select({ endpoint: webhookEndpoints, cursorKey: page.cursorKey }).from(webhookEndpoints).$dynamic();
      return mapPage(await page.read(select, eq(webhookEndpoints.active, true), (row) => row.endpoint.id), (row) => toEndpointDto(row.endpoint));
    },

    /** The signing secret is returned here and never again. */
    async create(admin: Caller, input: WebhookEndpointInput): Promise<WebhookEndpoint & { secret: string }> {
      const refusal = await refusalFor(input.url, targets);
      if (refusal) throw new AppError('bad_request', refusal);
      const secret = `whsec_${randomBytes(24).toString('base64url')}`;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({ url: input.url, events: [...new Set(input.events)], secret, createdBy: admin.email })
          .returning();
        const created = { ...toEndpointDto(row!), secret };
        // The secret's field records that one was set, never its value (audit-log.ts).
        await recordAudit(tx, { actor: admin, kind: 'webhook', action: 'created', subject: row!.id, before: null, after: created });
        return created;
      });
    },

    /** Stops deliveries to it; its log stays readable for the books. */
    async remove(admin: Caller, endpointId: string): Promise<{ acknowledged: true; deletedCount: number }> {
      const endpoint = await findEndpoint(endpointId);
      await db.transaction(async (tx) => {
        await tx.update(webhookEndpoints).set({ active: false }).where(and(eq(webhookEndpoints.id, endpoint.id)));
        await recordAudit(tx, { actor: admin, kind: 'webhook', action: 'deleted', subject: endpoint.id, before: toEndpointDto(endpoint), after: null });
      });
      return { acknowledged: true, deletedCount: 1 };
    },

    /** An endpoint's delivery log, newest first, a page at a time. */
    async deliveries(endpointId: string, query: PageQuery): Promise<Page<WebhookDelivery>> {
      const endpoint = await findEndpoint(endpointId);
      const page = paging.page({ list: `webhook-deliveries:${endpoint.id}`, order: newestDeliveriesFirst, query: { ...query, q: undefined } });
      const select = db.select({ delivery: notifications, cursorKey: page.cursorKey }).from(notifications).$dynamic();
      const found = await page.read(select, and(eq(notifications.channel, 'webhook'), eq(notifications.target, endpoint.id)), (row) => row.delivery.id);
      return mapPage(found, ({ delivery: row }) => ({
        _id: row.id,
        eventType: row.eventType,
        attempts: row.attempts,
        lastStatus: row.lastStatus,
        lastError: row.lastError,
        deliveredAt: row.deliveredAt?.toISOString() ?? null,
        failedAt: row.failedAt?.toISOString() ?? null,
        nextAttemptAt: row.nextAttemptAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}
export type WebhookEndpointsService = ReturnType<typeof createWebhookEndpointsService>;
