import { useId, useState, type FormEvent } from 'react';
import { familyInputSchema } from '@voltline/shared/families';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { useCreateFamily } from '../api/save-family.ts';
import { createParsed } from './new-category-form.tsx';

/** Admin: a new tool family with the names of its options (issue 40, item 3: one to three, such as Voltage and Kit). */
export function NewFamilyForm() {
  const id = useId();
  const create = useCreateFamily();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const options = data.getAll('option').map((option) => String(option).trim()).filter((option) => option !== '');
    const parsed = familyInputSchema.safeParse({ name: data.get('name'), options });
    createParsed(form, parsed, setProblem, create.mutate, (family) => `Family ${family.name} created`);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="card bg-base-100 shadow">
      <div className="card-body gap-3">
        <h3 id={`${id}-heading`} className="card-title">
          New family
        </h3>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Name
          <input name="name" required className="input" placeholder="Impact driver DTD18" />
        </label>
        <div className="grid gap-3 sm:grid-cols-3">
          {['Voltage', 'Kit', ''].map((example, index) => (
            <label key={index} className="flex flex-col gap-1 text-sm font-medium">
              {`Option ${index + 1}${index === 0 ? '' : ' (optional)'}`}
              <input name="option" className="input" placeholder={example} />
            </label>
          ))}
        </div>
        <FormMessage message={problem ?? refusalOf(create)} />
        <PendingButton type="submit" pending={create.isPending} className="btn btn-primary self-start">
          Create family
        </PendingButton>
      </div>
    </form>
  );
}
