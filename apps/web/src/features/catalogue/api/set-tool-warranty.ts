import type { ToolWarranty } from '@voltline/shared/shipments';
import { apiSend } from '../../../lib/api-client.ts';
import { CATALOGUE_STALE_KEYS } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

/**
 * PATCH /api/admin/tools/{id}/warranty (admins): whether each unit needs its serial number when it
 * ships, and the tool's warranty in months (null: the shop's WARRANTY_MONTHS). Decision 046.
 */
function setToolWarranty({ toolId, warranty }: { toolId: string; warranty: ToolWarranty }): Promise<ToolWarranty> {
  // As for the tool's other fields: the dialog shows the refusal instead of signing out.
  return apiSend<ToolWarranty>('PATCH', `/admin/tools/${encodeURIComponent(toolId)}/warranty`, warranty, { signOutOnAuthFailure: false });
}

// Every tool list answers the two fields.
export const useSetToolWarranty = () => useRefreshingMutation(setToolWarranty, CATALOGUE_STALE_KEYS);
