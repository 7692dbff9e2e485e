import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiKeyInputSchema, type ApiKeyInput, type CreatedApiKey } from '@voltline/shared/api-keys';
import { API_SCOPE_LABELS, API_SCOPES } from '@voltline/shared/staff-roles';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { CardForm } from '../../../components/card-form.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useCreateApiKey } from '../api/save-api-key.ts';

/** Creates a key with its scopes; the page shows the answer's key, which the server never repeats. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const scopesErrorId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof apiKeyInputSchema>, unknown, ApiKeyInput>({
    resolver: zodResolver(apiKeyInputSchema),
    defaultValues: { name: '', scopes: [] },
  });
  const createKey = useCreateApiKey();

  const create = (input: ApiKeyInput) => {
    createKey.mutate(input, {
      onSuccess: (created) => {
        toast.success('API key created');
        reset();
        onCreated(created);
      },
    });
  };

  return (
    <CardForm title="Create an API key" onSubmit={handleSubmit(create)} submitLabel="Create key" refusal={refusalOf(createKey)} pending={createKey.isPending}>
      <FormField id="api-key-name" label="Name" error={errors.name?.message}>
        {(control) => <input {...control} {...register('name')} required autoComplete="off" placeholder="ERP" className="input w-full" />}
      </FormField>
      <fieldset aria-describedby={errors.scopes ? scopesErrorId : undefined} className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Scopes</legend>
        <div className="flex flex-col gap-2">
          {API_SCOPES.map((scope) => (
            <label key={scope} className="flex cursor-pointer items-center gap-2 text-sm">
              <input {...register('scopes')} type="checkbox" value={scope} className="checkbox checkbox-sm" />
              <span className="font-mono">{scope}</span>
              <span className="text-base-content/70">{API_SCOPE_LABELS[scope]}</span>
            </label>
          ))}
        </div>
        {errors.scopes && (
          <p id={scopesErrorId} role="alert" className="text-sm text-error">
            {errors.scopes.message}
          </p>
        )}
      </fieldset>
    </CardForm>
  );
}
