import { useState, type FormEvent } from 'react';
import { CATEGORY_MAX_DEPTH, categoryInputSchema, flattenCategories, type CategoryNode } from '@voltline/shared/categories';
import { CardForm } from '../../../components/card-form.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useCreateCategory } from '../api/save-category.ts';

/** The first of a shared schema's refusals, as the form shows it. */
export const firstProblem = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : (result.error?.issues[0]?.message ?? null));

/**
 * A new thing's form sent once the shared schema takes what was typed: the schema's refusal shows
 * under the form and nothing is sent; the server's success empties the form and says so.
 */
export function createParsed<Input>(
  form: HTMLFormElement,
  parsed: { success: true; data: Input } | { success: false; error: { issues: { message: string }[] } },
  setProblem: (problem: string | null) => void,
  send: (input: Input, options: { onSuccess: () => void }) => void,
  created: (input: Input) => string,
) {
  setProblem(firstProblem(parsed));
  if (!parsed.success) return;
  send(parsed.data, {
    onSuccess: () => {
      form.reset();
      toast.success(created(parsed.data));
    },
  });
}

/** The places a category can go: the top, or under a category of the first two levels (indented by its depth). */
export function ParentOptions({ parents }: { parents: (CategoryNode & { depth: number })[] }) {
  return (
    <>
      <option value="">The top of the catalogue</option>
      {parents.map((parent) => (
        <option key={parent._id} value={parent._id}>
          {'— '.repeat(parent.depth - 1)}
          {parent.name}
        </option>
      ))}
    </>
  );
}

/** Admin: a new category, at the top or under one of the two levels above the last (issue 40: at most three levels). */
export function NewCategoryForm({ tree }: { tree: CategoryNode[] }) {
  const create = useCreateCategory();
  const [problem, setProblem] = useState<string | null>(null);
  const parents = flattenCategories(tree).filter((category) => category.depth < CATEGORY_MAX_DEPTH);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const slug = String(data.get('slug') ?? '').trim();
    const parsed = categoryInputSchema.safeParse({ name: data.get('name'), parentId: String(data.get('parentId') ?? '') || null, ...(slug && { slug }) });
    createParsed(form, parsed, setProblem, create.mutate, (category) => `Category ${category.name} created`);
  };

  return (
    <CardForm title="New category" onSubmit={submit} submitLabel="Create category" refusal={problem ?? refusalOf(create)} pending={create.isPending}>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Name
          <input name="name" required className="input" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Under
          <select name="parentId" className="select" defaultValue="">
            <ParentOptions parents={parents} />
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Address name (optional)
          <input name="slug" placeholder="from the name" className="input" />
        </label>
      </div>
    </CardForm>
  );
}
