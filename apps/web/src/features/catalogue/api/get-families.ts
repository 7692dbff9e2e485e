import type { ToolFamily } from '@voltline/shared/families';
import { pagedListOf, useInfiniteList } from '../../../lib/paged-lists.ts';
import { toolKeys } from '../../../lib/query-keys.ts';

/** GET /api/admin/families (admin): the families by name, each with its tools and their values, a page at a time. */
export const familiesQueryOptions = pagedListOf<ToolFamily>(toolKeys.families(), '/admin/families', 20);

export const useFamilies = () => useInfiniteList(familiesQueryOptions);
