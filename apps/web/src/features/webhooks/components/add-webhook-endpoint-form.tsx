import { WEBHOOK_EVENTS, webhookEndpointInputSchema, type WebhookEndpointInput } from '@voltline/shared/webhook';
import { refusalOf } from '../../../lib/api-client.ts';
import { mutateThenToast } from '../../../lib/mutate-then-toast.ts';
import { CheckboxGroup } from '../../../components/checkbox-group.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { CardForm } from '../../../components/card-form.tsx';
import { useAddWebhookEndpoint, type CreatedWebhookEndpoint } from '../api/add-webhook-endpoint.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

/** Registers an endpoint; the page shows the answer's signing secret, which the server never repeats. */
export function AddWebhookEndpointForm({ onAdded }: { onAdded: (endpoint: CreatedWebhookEndpoint) => void }) {
  const { register, handleSubmit, reset, errors } = useZodForm(webhookEndpointInputSchema, { url: '', events: [] });
  const addEndpoint = useAddWebhookEndpoint();

  const registerEndpoint = (endpoint: WebhookEndpointInput) =>
    mutateThenToast(addEndpoint, endpoint, 'Webhook endpoint added', (created) => {
      reset();
      onAdded(created);
    });

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
      <CheckboxGroup legend="Events" registration={register('events')} values={WEBHOOK_EVENTS} inline error={errors.events?.message} />
      {/* e.g. "Link-local addresses cannot receive webhooks.": the server checks where the address leads. */}
    </CardForm>
  );
}
