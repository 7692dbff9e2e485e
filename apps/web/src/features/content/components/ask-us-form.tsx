import { mutateThenToast } from '../../../lib/mutate-then-toast.ts';
import type { z } from 'zod';
import { MESSAGES } from '@voltline/shared/messages';
import { QUERY_ROLES, queryFormSchema, type QueryForm } from '@voltline/shared/query-form';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { useSendQuery } from '../api/send-query.ts';
import { OptionList } from '../../../components/option-list.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';

type QueryFormInput = z.input<typeof queryFormSchema>;

// No role is preselected: the placeholder option stays until the visitor picks one.
const emptyQuery: Partial<QueryFormInput> = { name: '', email: '', phone: '', query: '' };

export function AskUsForm({ labelledBy }: { labelledBy: string }) {
  const { register, handleSubmit, reset, errors } = useZodForm(queryFormSchema, emptyQuery);
  const sendQuery = useSendQuery();

  // Success is said only once the shop has stored the query; a refusal (too many queries, no
  // connection) stays under the form with what was typed, so nothing is lost.
  const submitQuery = (query: QueryForm) => mutateThenToast(sendQuery, query, MESSAGES.querySubmitted, () => reset());

  return (
    <form onSubmit={handleSubmit(submitQuery)} noValidate aria-labelledby={labelledBy} className="flex flex-col gap-4">
      <TextField id="query-name" label="Name" error={errors.name?.message} registration={register('name')} type="text" autoComplete="name" placeholder="Your name" />
      <TextField id="query-email" label="Email" error={errors.email?.message} registration={register('email')} type="email" autoComplete="email" placeholder="you@example.com" />
      <FormField id="query-phone" label="Phone number" error={errors.phone?.message}>
        {(control) => (
          <input {...control} {...register('phone')} type="number" autoComplete="tel" placeholder="Your phone number" className="input w-full" />
        )}
      </FormField>
      <FormField id="query-role" label="Role" error={errors.role?.message}>
        {(control) => (
          <select {...control} {...register('role')} className="select w-full">
            <option value="">Select your role</option>
            <OptionList values={QUERY_ROLES} />
          </select>
        )}
      </FormField>
      <FormField id="query-text" label="Your query (optional)" error={errors.query?.message}>
        {(control) => <textarea {...control} {...register('query')} rows={4} placeholder="How can we help?" className="textarea w-full" />}
      </FormField>
      <FormMessage message={refusalOf(sendQuery)} />
      <PendingButton type="submit" className="btn btn-primary self-start" pending={sendQuery.isPending}>
        Submit query
      </PendingButton>
    </form>
  );
}
