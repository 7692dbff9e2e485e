import type { WebhookEndpoint } from '@voltline/shared/webhook';
import { apiPage, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, useInfiniteList } from '../../../lib/paged-lists.ts';
import { webhookKeys } from '../../../lib/query-keys.ts';

const ENDPOINTS_PAGE_SIZE = 20;

/** GET /api/webhook-endpoints (admin): a page of the endpoints that receive events, newest first. */
function getWebhookEndpoints(cursor: string | undefined): Promise<ApiPage<WebhookEndpoint>> {
  return apiPage<WebhookEndpoint>(listPath('/webhook-endpoints', { cursor, limit: ENDPOINTS_PAGE_SIZE }));
}

export const webhookEndpointsQueryOptions = pagedListOptions(webhookKeys.endpoints(), getWebhookEndpoints);

export function useWebhookEndpoints() {
  return useInfiniteList(webhookEndpointsQueryOptions);
}
