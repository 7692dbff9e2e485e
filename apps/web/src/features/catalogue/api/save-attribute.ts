import type { Attribute, AttributeInput, AttributeUpdate } from '@voltline/shared/categories';
import { apiSend } from '../../../lib/api-client.ts';
import { toolKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

// A specification shows on tool pages and as a filter: every tool key is stale.
const stale = [toolKeys.all];

/** POST /api/admin/categories/{id}/attributes (admin). */
export const useAddAttribute = () =>
  useRefreshingMutation(({ categoryId, attribute }: { categoryId: string; attribute: AttributeInput }) => apiSend<Attribute>('POST', `/admin/categories/${categoryId}/attributes`, attribute), stale);

/** PATCH /api/admin/categories/{id}/attributes/{attributeId} (admin): a new name, unit or list of choices. */
export const useUpdateAttribute = () =>
  useRefreshingMutation(
    ({ attribute, update }: { attribute: Attribute; update: AttributeUpdate }) => apiSend<Attribute>('PATCH', `/admin/categories/${attribute.categoryId}/attributes/${attribute._id}`, update),
    stale,
  );

/** DELETE /api/admin/categories/{id}/attributes/{attributeId} (admin): with every tool's value of it. */
export const useDeleteAttribute = () =>
  useRefreshingMutation((attribute: Attribute) => apiSend<{ acknowledged: boolean }>('DELETE', `/admin/categories/${attribute.categoryId}/attributes/${attribute._id}`), stale);
