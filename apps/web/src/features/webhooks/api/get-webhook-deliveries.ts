import type { WebhookDelivery } from '@voltline/shared/webhook';
import { apiPage, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, rowsOf, useInfiniteList } from '../../../lib/paged-lists.ts';
import { webhookKeys } from '../../../lib/query-keys.ts';

const DELIVERIES_PAGE_SIZE = 20;

/** GET /api/webhook-endpoints/{id}/deliveries (admin): a page of the endpoint's deliveries, newest first. */
function getWebhookDeliveries(endpointId: string, cursor: string | undefined): Promise<ApiPage<WebhookDelivery>> {
  return apiPage<WebhookDelivery>(
    listPath(`/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries`, { cursor, limit: DELIVERIES_PAGE_SIZE }),
  );
}

const webhookDeliveriesQueryOptions = (endpointId: string) =>
  pagedListOptions(webhookKeys.deliveries(endpointId), (cursor) => getWebhookDeliveries(endpointId, cursor), {
    // The dispatcher keeps working while the dialog is open: a fresh log each time it opens, and
    // a new look every few seconds while a delivery shown is still on its way.
    staleTime: 0,
    refetchInterval: (query) => (rowsOf(query.state.data)?.some((delivery) => !delivery.deliveredAt && !delivery.failedAt) ? 3000 : false),
  });

export function useWebhookDeliveries(endpointId: string) {
  return useInfiniteList(webhookDeliveriesQueryOptions(endpointId));
}
