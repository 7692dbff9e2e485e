import { apiKeyInputSchema, type ApiKeyInput, type CreatedApiKey } from '@voltline/shared/api-keys';
import { API_SCOPE_LABELS, API_SCOPES } from '@voltline/shared/staff-roles';
import { refusalOf } from '../../../lib/api-client.ts';
import { mutateThenToast } from '../../../lib/mutate-then-toast.ts';
import { CardForm } from '../../../components/card-form.tsx';
import { CheckboxGroup } from '../../../components/checkbox-group.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useCreateApiKey } from '../api/save-api-key.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

/** Creates a key with its scopes; the page shows the answer's key, which the server never repeats. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const { register, handleSubmit, reset, errors } = useZodForm(apiKeyInputSchema, { name: '', scopes: [] });
  const createKey = useCreateApiKey();

  const create = (input: ApiKeyInput) =>
    mutateThenToast(createKey, input, 'API key created', (created) => {
      reset();
      onCreated(created);
    });

  return (
    <CardForm title="Create an API key" onSubmit={handleSubmit(create)} submitLabel="Create key" refusal={refusalOf(createKey)} pending={createKey.isPending}>
      <FormField id="api-key-name" label="Name" error={errors.name?.message}>
        {(control) => <input {...control} {...register('name')} required autoComplete="off" placeholder="ERP" className="input w-full" />}
      </FormField>
      <CheckboxGroup legend="Scopes" registration={register('scopes')} values={API_SCOPES} descriptions={API_SCOPE_LABELS} error={errors.scopes?.message} />
    </CardForm>
  );
}
