import type { z } from 'zod';
import type { createdWebhookEndpointSchema, WebhookEndpointInput } from '@voltline/shared/webhook';
import { apiSend } from '../../../lib/api-client.ts';
import { webhookKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

/** POST /api/webhook-endpoints: registers an endpoint; the answer carries its signing secret, once. */
const addWebhookEndpoint = (endpoint: WebhookEndpointInput) => apiSend<CreatedWebhookEndpoint>('POST', '/webhook-endpoints', endpoint);

export const useAddWebhookEndpoint = () => useRefreshingMutation(addWebhookEndpoint, [webhookKeys.endpoints()]);
