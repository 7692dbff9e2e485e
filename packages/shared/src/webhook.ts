import { z } from 'zod';
import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

/** What other systems can subscribe to. */
export const WEBHOOK_EVENTS = ['order.placed', 'order.paid', 'order.shipped', 'order.cancelled', 'order.refunded', 'shipment.created', 'return.requested', 'return.received', 'return.refunded', 'tool.stock_low'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const webhookEndpointInputSchema = z.object({
  url: text()
    .trim()
    .min(1, 'Endpoint URL is required')
    .max(TEXT_LIMITS.webhookUrl, tooLongMessage('Endpoint URL', TEXT_LIMITS.webhookUrl))
    .pipe(z.url({ protocol: /^https?$/, error: 'The address must be an http(s) URL' })),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Pick at least one event').max(WEBHOOK_EVENTS.length),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInputSchema>;

export const webhookEndpointSchema = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The secret is shown once, when the endpoint is created. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const webhookDeliverySchema = z.object({
  _id: z.string(),
  eventType: z.string(),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** Header names of a delivery: receivers verify `t.body` with HMAC-SHA256 and the endpoint's secret. */
export const WEBHOOK_SIGNATURE_HEADER = 'voltline-signature';
export const WEBHOOK_EVENT_ID_HEADER = 'voltline-event-id';
