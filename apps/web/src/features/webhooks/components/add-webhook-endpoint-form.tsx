import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { WEBHOOK_EVENTS, webhookEndpointInputSchema, type WebhookEndpointInput } from '@voltline/shared/webhook';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { FormField } from '../../../components/form-field.tsx';
import { CardForm } from '../../../components/card-form.tsx';
import { useAddWebhookEndpoint, type CreatedWebhookEndpoint } from '../api/add-webhook-endpoint.ts';

/** Registers an endpoint; the page shows the answer's signing secret, which the server never repeats. */
export function AddWebhookEndpointForm({ onAdded }: { onAdded: (endpoint: CreatedWebhookEndpoint) => void }) {
  const eventsErrorId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof webhookEndpointInputSchema>, unknown, WebhookEndpointInput>({
    resolver: zodResolver(webhookEndpointInputSchema),
    defaultValues: { url: '', events: [] },
  });
  const addEndpoint = useAddWebhookEndpoint();

  const registerEndpoint = (endpoint: WebhookEndpointInput) => {
    addEndpoint.mutate(endpoint, {
      onSuccess: (created) => {
        toast.success('Webhook endpoint added');
        reset();
        onAdded(created);
      },
    });
  };

  return (
    <CardForm title="Add webhook endpoint" onSubmit={handleSubmit(registerEndpoint)} submitLabel="Add endpoint" refusal={refusalOf(addEndpoint)} pending={addEndpoint.isPending}>
      <FormField id="webhook-url" label="Endpoint URL" error={errors.url?.message}>
        {(control) => (
          <input
            {...control}
            {...register('url')}
            type="url"
            required
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://erp.example.com/hooks/voltline"
            className="input w-full"
          />
        )}
      </FormField>
      <fieldset aria-describedby={errors.events ? eventsErrorId : undefined} className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Events</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex cursor-pointer items-center gap-2 font-mono text-sm">
              <input {...register('events')} type="checkbox" value={event} className="checkbox checkbox-sm" />
              {event}
            </label>
          ))}
        </div>
        {errors.events && (
          <p id={eventsErrorId} role="alert" className="text-sm text-error">
            {errors.events.message}
          </p>
        )}
      </fieldset>
      {/* e.g. "Link-local addresses cannot receive webhooks.": the server checks where the address leads. */}
    </CardForm>
  );
}
