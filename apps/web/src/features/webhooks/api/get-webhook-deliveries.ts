import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDelivery } from '@voltline/shared/webhook';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/webhook-endpoints/{id}/deliveries (admin): the endpoint's last 100 deliveries, newest first. */
export function getWebhookDeliveries(endpointId: string): Promise<WebhookDelivery[]> {
  return apiRequest<WebhookDelivery[]>(`/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries`);
}

export const webhookDeliveriesQueryOptions = (endpointId: string) =>
  queryOptions({
    queryKey: ['webhook-endpoints', endpointId, 'deliveries'],
    queryFn: () => getWebhookDeliveries(endpointId),
    // The dispatcher keeps working while the dialog is open: a fresh log each time it opens, and
    // a new look every few seconds while a delivery is still on its way.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((delivery) => !delivery.deliveredAt && !delivery.failedAt) ? 3000 : false),
  });

export function useWebhookDeliveries(endpointId: string) {
  return useQuery(webhookDeliveriesQueryOptions(endpointId));
}
