import { useId, useState, type FormEvent } from 'react';
import {
  ATTRIBUTE_KINDS,
  CATEGORY_MAX_DEPTH,
  attributeInputSchema,
  attributeUpdateSchema,
  categoryUpdateSchema,
  flattenCategories,
  type Attribute,
  type AttributeKind,
  type CategoryNode,
} from '@voltline/shared/categories';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useAddAttribute, useDeleteAttribute, useUpdateAttribute } from '../api/save-attribute.ts';
import { useDeleteCategory, useUpdateCategory } from '../api/save-category.ts';
import { firstProblem, ParentOptions } from './new-category-form.tsx';
import { OptionList } from '../../../components/option-list.tsx';

const KIND_LABELS: Record<AttributeKind, string> = { number: 'Number with a unit', choice: 'Choice from a list', yesno: 'Yes / no' };

const describeAttribute = (attribute: Attribute) =>
  attribute.kind === 'number' ? `number${attribute.unit ? ` in ${attribute.unit}` : ''}` : attribute.kind === 'choice' ? `one of ${attribute.choices.join(', ')}` : 'yes or no';

/** A choice specification's list, changed in place (a choice some tool has cannot leave it: the server says so). */
function ChoicesForm({ attribute }: { attribute: Attribute }) {
  const save = useUpdateAttribute();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const choices = String(new FormData(event.currentTarget).get('choices') ?? '')
      .split(',')
      .map((choice) => choice.trim())
      .filter(Boolean);
    const parsed = attributeUpdateSchema.safeParse({ choices });
    setProblem(firstProblem(parsed));
    if (parsed.success) save.mutate({ attribute, update: parsed.data });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Choices of ${attribute.name}`} className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-xs">
        Choices of {attribute.name} (comma between)
        <input key={attribute.choices.join(',')} name="choices" defaultValue={attribute.choices.join(', ')} className="input input-xs w-56" />
      </label>
      <PendingButton type="submit" pending={save.isPending} spinnerSize="xs" className="btn btn-xs">
        Save choices
      </PendingButton>
      <FormMessage message={problem ?? refusalOf(save)} />
    </form>
  );
}

/** A new specification of the category: its name and kind, a number's unit, a choice's list (one per comma). */
function NewAttributeForm({ category }: { category: CategoryNode }) {
  const add = useAddAttribute();
  const [problem, setProblem] = useState<string | null>(null);
  const [kind, setKind] = useState<AttributeKind>('number');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const unit = String(data.get('unit') ?? '').trim();
    const choices = String(data.get('choices') ?? '')
      .split(',')
      .map((choice) => choice.trim())
      .filter(Boolean);
    const parsed = attributeInputSchema.safeParse({ name: data.get('name'), kind, ...(kind === 'number' && unit && { unit }), ...(kind === 'choice' && { choices }) });
    setProblem(firstProblem(parsed));
    if (!parsed.success) return;
    add.mutate({ categoryId: category._id, attribute: parsed.data }, { onSuccess: () => form.reset() });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`New specification of ${category.name}`} className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-sm">
        Specification
        <input name="name" className="input input-sm w-40" placeholder="Torque" />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Kind
        <select className="select select-sm" value={kind} onChange={(event) => setKind(event.currentTarget.value as AttributeKind)}>
          <OptionList values={ATTRIBUTE_KINDS} label={(option) => KIND_LABELS[option]} />
        </select>
      </label>
      {kind === 'number' && (
        <label className="flex flex-col gap-1 text-sm">
          Unit
          <input name="unit" className="input input-sm w-20" placeholder="Nm" />
        </label>
      )}
      {kind === 'choice' && (
        <label className="flex flex-col gap-1 text-sm">
          Choices (comma between)
          <input name="choices" className="input input-sm w-56" placeholder="12 V, 18 V" />
        </label>
      )}
      <PendingButton type="submit" pending={add.isPending} className="btn btn-sm">
        Add specification
      </PendingButton>
      <FormMessage message={problem ?? refusalOf(add)} />
    </form>
  );
}

/**
 * Admin: one category of the tree, to rename, move (with its subcategories) or delete, and its
 * specifications. Refusals (a fourth level, a category with tools) are the server's words.
 */
export function CategoryAdminCard({ category, tree, depth }: { category: CategoryNode; tree: CategoryNode[]; depth: number }) {
  const id = useId();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const removeAttribute = useDeleteAttribute();
  const [problem, setProblem] = useState<string | null>(null);
  const branch = new Set(flattenCategories([category]).map((node) => node._id));
  const parents = flattenCategories(tree).filter((node) => node.depth < CATEGORY_MAX_DEPTH && !branch.has(node._id));

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parentId = String(data.get('parentId') ?? '') || null;
    const parsed = categoryUpdateSchema.safeParse({ name: data.get('name'), ...(parentId !== category.parentId && { parentId }) });
    setProblem(firstProblem(parsed));
    if (!parsed.success) return;
    update.mutate({ categoryId: category._id, update: parsed.data }, { onSuccess: () => toast.success(`Category ${parsed.data.name ?? category.name} saved`) });
  };

  return (
    <li className="card border border-base-300 bg-base-100" style={{ marginInlineStart: `${(depth - 1) * 1.5}rem` }}>
      <div className="card-body gap-3 p-4">
        <h3 id={`${id}-name`} className="font-semibold">
          {category.name} <span className="text-sm font-normal text-base-content/70">/tools/c/{category.slug} · {category.toolCount} {category.toolCount === 1 ? 'tool' : 'tools'}</span>
        </h3>
        <form onSubmit={save} noValidate aria-labelledby={`${id}-name`} className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            Name
            <input key={category.name} name="name" defaultValue={category.name} className="input input-sm w-48" />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Under
            <select key={category.parentId ?? ''} name="parentId" defaultValue={category.parentId ?? ''} className="select select-sm">
              <ParentOptions parents={parents} />
            </select>
          </label>
          <PendingButton type="submit" pending={update.isPending} className="btn btn-sm btn-primary">
            Save
          </PendingButton>
          <PendingButton type="button" pending={remove.isPending} className="btn btn-sm btn-error btn-outline" onClick={() => remove.mutate(category._id, { onSuccess: () => toast.warning(`Category ${category.name} deleted`) })}>
            Delete
          </PendingButton>
        </form>
        <FormMessage message={problem ?? refusalOf([update, remove, removeAttribute])} />
        {category.attributes.length > 0 && (
          <ul aria-label={`Specifications of ${category.name}`} className="flex flex-col gap-1">
            {category.attributes.map((attribute) => (
              <li key={attribute._id} className="flex flex-col gap-1 text-sm">
                <div className="flex items-center gap-2">
                  <span>
                    <strong>{attribute.name}</strong>: {describeAttribute(attribute)}
                  </span>
                  <button type="button" className="btn btn-ghost btn-xs" aria-label={`Delete ${attribute.name}`} onClick={() => removeAttribute.mutate(attribute)}>
                    Delete
                  </button>
                </div>
                {attribute.kind === 'choice' && <ChoicesForm attribute={attribute} />}
              </li>
            ))}
          </ul>
        )}
        <NewAttributeForm category={category} />
      </div>
    </li>
  );
}
