import { useInfiniteQuery } from '@tanstack/react-query';
import type { ToolSort } from '@voltline/shared/paging';
import type { Tool } from '@voltline/shared/tool';
import { TOOLS_SHOWN_INITIALLY } from '@voltline/shared/shop-constants';
import { apiPage, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions } from '../../../lib/paged-lists.ts';
import { toolKeys } from '../../../lib/query-keys.ts';

// The first page is what the spec shows at first; each Show more then adds up to four rows of three.
const FIRST_PAGE_SIZE = TOOLS_SHOWN_INITIALLY;
const MORE_PAGE_SIZE = 12;

/** GET /api/getTools: a page of the catalogue, newest tool first (the server decides the order). */
function getTools(cursor: string | undefined): Promise<ApiPage<Tool>> {
  return apiPage<Tool>(listPath('/getTools', { limit: cursor === undefined ? FIRST_PAGE_SIZE : MORE_PAGE_SIZE, cursor }));
}

// Whoever changes the catalogue invalidates every tool key, this one among them.
export const storefrontToolsQueryOptions = pagedListOptions(toolKeys.storefront(), getTools);

export function useStorefrontTools() {
  return useInfiniteQuery(storefrontToolsQueryOptions);
}

/** What the catalogue page's search box sets: the tools matching `q` (typos allowed, a SKU, a GTIN), in the `sort` order. */
export interface CatalogueSearch {
  q: string | undefined;
  sort: ToolSort;
}
