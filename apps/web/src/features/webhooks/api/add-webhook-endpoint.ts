import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createdWebhookEndpointSchema, WebhookEndpointInput } from '@voltline/shared/webhook';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookKeys } from '../../../lib/query-keys.ts';

export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

/** POST /api/webhook-endpoints: registers an endpoint; the answer carries its signing secret, once. */
function addWebhookEndpoint(endpoint: WebhookEndpointInput): Promise<CreatedWebhookEndpoint> {
  return apiRequest<CreatedWebhookEndpoint>('/webhook-endpoints', { method: 'POST', body: JSON.stringify(endpoint) });
}

export function useAddWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}
