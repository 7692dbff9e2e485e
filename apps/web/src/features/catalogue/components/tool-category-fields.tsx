import { useId } from 'react';
import { categoryPathOf, flattenCategories, type Attribute, type ToolDetail } from '@voltline/shared/categories';
import type { SpecificationsInput } from '@voltline/shared/tool';
import { useCategories } from '../api/get-categories.ts';

/** A tool's place in the catalogue as the edit form holds it: its category, and each specification's value as typed. */
export interface ToolPlacement {
  categoryId: string | null;
  values: Record<string, string>;
}

/** The placement a tool has now (its page's answer): choices as they are, yes/no as yes or no, numbers as text. */
export function placementOf(tool: Pick<ToolDetail, 'category' | 'specifications'>): ToolPlacement {
  return {
    categoryId: tool.category?._id ?? null,
    values: Object.fromEntries(tool.specifications.map((value) => [value.attributeId, typeof value.value === 'boolean' ? (value.value ? 'yes' : 'no') : String(value.value)])),
  };
}

/** The specifications a tool of the category fills: those of the category and of the categories above it. */
export function attributesOfCategory(tree: Parameters<typeof categoryPathOf>[0], categoryId: string | null): Attribute[] {
  if (categoryId === null) return [];
  const category = flattenCategories(tree).find((node) => node._id === categoryId);
  return category ? (categoryPathOf(tree, category.slug) ?? []).flatMap((node) => node.attributes) : [];
}

/** What the update sends: every specification of the category, an empty field clearing it (null); the server checks each by its kind. */
export function specificationsOf(attributes: Attribute[], placement: ToolPlacement): SpecificationsInput {
  return Object.fromEntries(attributes.map((attribute) => [attribute._id, placement.values[attribute._id]?.trim() || null]));
}

/** Manage Tools' edit form (issue 40): the tool's category, and a field for each specification the category asks for. */
export function ToolCategoryFields({ placement, onChange }: { placement: ToolPlacement; onChange: (placement: ToolPlacement) => void }) {
  const id = useId();
  const categories = useCategories();
  const tree = categories.data ?? [];
  const attributes = attributesOfCategory(tree, placement.categoryId);
  const setValue = (attributeId: string, value: string) => onChange({ ...placement, values: { ...placement.values, [attributeId]: value } });

  return (
    <fieldset className="fieldset gap-3">
      <legend className="fieldset-legend">Category and specifications</legend>
      <label htmlFor={`${id}-category`} className="text-sm font-medium">
        Category
      </label>
      <select id={`${id}-category`} className="select" value={placement.categoryId ?? ''} disabled={!categories.data} onChange={(event) => onChange({ ...placement, categoryId: event.currentTarget.value || null })}>
        <option value="">No category</option>
        {flattenCategories(tree).map((category) => (
          <option key={category._id} value={category._id}>
            {'— '.repeat(category.depth - 1)}
            {category.name}
          </option>
        ))}
      </select>
      {attributes.map((attribute) => {
        const fieldId = `${id}-${attribute._id}`;
        const value = placement.values[attribute._id] ?? '';
        const label = attribute.kind === 'number' && attribute.unit ? `${attribute.name} (${attribute.unit})` : attribute.name;
        return (
          <div key={attribute._id} className="flex flex-col gap-1">
            <label htmlFor={fieldId} className="text-sm font-medium">
              {label}
            </label>
            {attribute.kind === 'number' ? (
              <input id={fieldId} className="input" inputMode="decimal" value={value} onChange={(event) => setValue(attribute._id, event.currentTarget.value)} />
            ) : (
              <select id={fieldId} className="select" value={value} onChange={(event) => setValue(attribute._id, event.currentTarget.value)}>
                <option value="">Not given</option>
                {(attribute.kind === 'choice' ? attribute.choices : ['yes', 'no']).map((choice) => (
                  <option key={choice} value={choice}>
                    {attribute.kind === 'yesno' ? (choice === 'yes' ? 'Yes' : 'No') : choice}
                  </option>
                ))}
              </select>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
