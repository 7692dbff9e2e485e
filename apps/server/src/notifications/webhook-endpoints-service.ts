import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import { webhookEndpointInputSchema, type WebhookDelivery, type WebhookEndpoint } from '@voltline/shared/webhook';
import type { Database } from '../db/client.ts';
import { notifications, webhookEndpoints } from '../db/schema.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { parseOrRefuse } from '../http/parse-body.ts';
import type { Caller } from '../identity/caller.ts';
import { refusalFor } from './webhook-target.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const toEndpointDto = (row: EndpointRow): WebhookEndpoint => ({
  _id: row.id,
  url: row.url,
  events: row.events,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
});

/** Admins register the systems that hear about orders and stock, and read each one's delivery log. */
export function createWebhookEndpointsService(db: Database, shop: { publicUrl: string; port: number }) {
  async function findEndpoint(endpointId: string): Promise<EndpointRow> {
    const id = entityIdSchema.safeParse(endpointId);
    if (!id.success) throw notFound('Webhook endpoint not found');
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id.data));
    if (!row) throw notFound('Webhook endpoint not found');
    return row;
  }

  return {
    async list(): Promise<WebhookEndpoint[]> {
      const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.active, true)).orderBy(desc(webhookEndpoints.createdAt));
      return rows.map(toEndpointDto);
    },

    /** The signing secret is returned here and never again. */
    async create(admin: Caller, body: unknown): Promise<WebhookEndpoint & { secret: string }> {
      const input = parseOrRefuse(webhookEndpointInputSchema, body);
      const refusal = await refusalFor(input.url, shop);
      if (refusal) throw new AppError('INVALID_DATA', refusal);
      const secret = `whsec_${randomBytes(24).toString('base64url')}`;
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ url: input.url, events: [...new Set(input.events)], secret, createdBy: admin.email })
        .returning();
      return { ...toEndpointDto(row!), secret };
    },

    /** Stops deliveries to it; its log stays readable for the books. */
    async remove(endpointId: string): Promise<{ acknowledged: true; deletedCount: number }> {
      const endpoint = await findEndpoint(endpointId);
      await db.update(webhookEndpoints).set({ active: false }).where(and(eq(webhookEndpoints.id, endpoint.id)));
      return { acknowledged: true, deletedCount: 1 };
    },

    async deliveries(endpointId: string): Promise<WebhookDelivery[]> {
      const endpoint = await findEndpoint(endpointId);
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.channel, 'webhook'), eq(notifications.target, endpoint.id)))
        .orderBy(desc(notifications.createdAt))
        .limit(100);
      return rows.map((row) => ({
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
