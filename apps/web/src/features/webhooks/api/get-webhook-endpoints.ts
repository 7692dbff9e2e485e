import type { WebhookEndpoint } from '@voltline/shared/webhook';
import { pagedListOf, useInfiniteList } from '../../../lib/paged-lists.ts';
import { webhookKeys } from '../../../lib/query-keys.ts';

const ENDPOINTS_PAGE_SIZE = 20;

/** GET /api/webhook-endpoints (admin): a page of the endpoints that receive events, newest first. */
export const webhookEndpointsQueryOptions = pagedListOf<WebhookEndpoint>(webhookKeys.endpoints(), '/webhook-endpoints', ENDPOINTS_PAGE_SIZE);

export const useWebhookEndpoints = () => useInfiniteList(webhookEndpointsQueryOptions);
