import type { ApiKey } from '@voltline/shared/api-keys';
import { pagedListOf, useInfiniteList } from '../../../lib/paged-lists.ts';
import { apiKeyKeys } from '../../../lib/query-keys.ts';

const API_KEYS_PAGE_SIZE = 20;

/** GET /api/admin/api-keys (admin): a page of the shop's API keys, revoked ones too, newest first. */
export const apiKeysQueryOptions = pagedListOf<ApiKey>(apiKeyKeys.list(), '/admin/api-keys', API_KEYS_PAGE_SIZE);

export const useApiKeys = () => useInfiniteList(apiKeysQueryOptions);
