import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@voltline/shared/webhook';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/webhook-endpoints (admin): the endpoints that receive events, newest first. */
export function getWebhookEndpoints(): Promise<WebhookEndpoint[]> {
  return apiRequest<WebhookEndpoint[]>('/webhook-endpoints');
}

export const webhookEndpointsQueryOptions = queryOptions({ queryKey: ['webhook-endpoints'], queryFn: getWebhookEndpoints });

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQueryOptions);
}
