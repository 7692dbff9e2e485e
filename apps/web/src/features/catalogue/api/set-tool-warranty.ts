import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ToolWarranty } from '@voltline/shared/shipments';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshCatalogue } from '../../../lib/query-keys.ts';

/**
 * PATCH /api/admin/tools/{id}/warranty (admins): whether each unit needs its serial number when it
 * ships, and the tool's warranty in months (null: the shop's WARRANTY_MONTHS). Decision 046.
 */
function setToolWarranty({ toolId, warranty }: { toolId: string; warranty: ToolWarranty }): Promise<ToolWarranty> {
  return apiRequest<ToolWarranty>(`/admin/tools/${encodeURIComponent(toolId)}/warranty`, {
    method: 'PATCH',
    body: JSON.stringify(warranty),
    // As for the tool's other fields: the dialog shows the refusal instead of signing out.
    signOutOnAuthFailure: false,
  });
}

export function useSetToolWarranty() {
  const queryClient = useQueryClient();
  // Every tool list answers the two fields.
  return useMutation({ mutationFn: setToolWarranty, onSuccess: () => refreshCatalogue(queryClient) });
}
