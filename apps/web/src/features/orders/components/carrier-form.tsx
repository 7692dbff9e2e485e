import { useId, useState, type FormEvent } from 'react';
import { carrierInputSchema, type Carrier } from '@voltline/shared/shipments';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { FormField } from '../../../components/form-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useSaveCarrier } from '../api/shipments.ts';

const EMPTY = { name: '', trackingUrlTemplate: '', noticeSecret: '' };
type CarrierDraft = typeof EMPTY;
type FieldProblems = Partial<Record<keyof CarrierDraft, string>>;

/**
 * Adds a carrier or changes one (by its name, in any case): its tracking address and the secret its
 * delivery notices are signed with. An empty secret keeps the one it has: the shop never shows a
 * secret back, so the form cannot start from it.
 */
export function CarrierForm({ editing, onSaved }: { editing: Carrier | null; onSaved: () => void }) {
  const idPrefix = useId();
  const save = useSaveCarrier();
  const [draft, setDraft] = useState<CarrierDraft>(editing ? { name: editing.name, trackingUrlTemplate: editing.trackingUrlTemplate, noticeSecret: '' } : EMPTY);
  const [problems, setProblems] = useState<FieldProblems>({});
  const field = (name: keyof CarrierDraft) => ({ value: draft[name], onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const checked = carrierInputSchema.safeParse({ ...draft, noticeSecret: draft.noticeSecret.trim() === '' ? undefined : draft.noticeSecret });
    if (!checked.success) {
      setProblems(Object.fromEntries(checked.error.issues.map((issue) => [issue.path[0], issue.message])) as FieldProblems);
      return;
    }
    setProblems({});
    save.mutate(checked.data, {
      onSuccess: (saved) => {
        toast.success(`${saved.name} saved`);
        setDraft(EMPTY);
        onSaved();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-box border border-base-200 p-3" aria-label={editing ? `Change ${editing.name}` : 'Add a carrier'}>
      <h3 className="text-lg font-semibold">{editing ? `Change ${editing.name}` : 'Add a carrier'}</h3>
      <FormField id={`${idPrefix}-name`} label="Carrier's name" error={problems.name}>
        {(control) => <input {...control} className="input w-full" readOnly={editing !== null} {...field('name')} />}
      </FormField>
      <FormField id={`${idPrefix}-template`} label="Tracking address, with {tracking} where the number goes" error={problems.trackingUrlTemplate}>
        {(control) => <input {...control} type="url" className="input w-full" placeholder="https://carrier.example/track?number={tracking}" {...field('trackingUrlTemplate')} />}
      </FormField>
      <FormField id={`${idPrefix}-secret`} label={editing?.noticeSecretEnd ? 'New notice secret (empty: keep the one set)' : 'Notice secret (optional, at least 32 characters)'} error={problems.noticeSecret}>
        {(control) => <input {...control} type="password" autoComplete="off" className="input w-full" {...field('noticeSecret')} />}
      </FormField>
      <FormMessage message={refusalOf(save)} />
      <PendingButton type="submit" className="btn btn-primary self-start" pending={save.isPending}>
        {editing ? 'Save carrier' : 'Add carrier'}
      </PendingButton>
    </form>
  );
}
