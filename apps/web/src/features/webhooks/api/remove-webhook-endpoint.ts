import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deletedSchema } from '@voltline/shared/order';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookKeys } from '../../../lib/query-keys.ts';

type Deleted = z.infer<typeof deletedSchema>;

/** DELETE /api/webhook-endpoints/{id}: stops deliveries to the endpoint (its delivery log stays on the server). */
function removeWebhookEndpoint(endpointId: string): Promise<Deleted> {
  return apiRequest<Deleted>(`/webhook-endpoints/${encodeURIComponent(endpointId)}`, { method: 'DELETE' });
}

export function useRemoveWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}
