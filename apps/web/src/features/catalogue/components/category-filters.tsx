import { useId, type FormEvent } from 'react';
import type { Facet } from '@voltline/shared/categories';
import { filtersOf, withFilters, type CategoryView } from '../category-address.ts';

interface CategoryFiltersProps {
  view: CategoryView;
  facets: Facet[];
  onChange: (view: CategoryView) => void;
}

const formatCount = (count: number) => `(${count})`;

/** A choice or yes/no specification: a box per value, each with how many tools it would give with the other filters. */
function ValueFacet({ facet, view, onChange }: { facet: Facet & { values: { value: string | boolean; count: number }[] }; view: CategoryView; onChange: (view: CategoryView) => void }) {
  const chosen = filtersOf(view, facet.attribute._id);
  const asText = (value: string | boolean) => (typeof value === 'boolean' ? (value ? 'yes' : 'no') : value);
  const toggle = (value: string, on: boolean) =>
    onChange(withFilters(view, facet.attribute._id, on ? [...chosen, value] : chosen.filter((known) => known.toLowerCase() !== value.toLowerCase())));
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">{facet.attribute.name}</legend>
      {facet.values.map(({ value, count }) => {
        const text = asText(value);
        const checked = chosen.some((known) => known.toLowerCase() === text.toLowerCase());
        return (
          <label key={text} className="label cursor-pointer justify-start gap-2">
            <input type="checkbox" className="checkbox checkbox-sm" checked={checked} disabled={count === 0 && !checked} onChange={(event) => toggle(text, event.currentTarget.checked)} />
            <span className="text-base-content">
              {typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value} <span className="text-base-content/70">{formatCount(count)}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** A number specification: from and to, within the range the matching tools span. */
function RangeFacet({ facet, view, onChange }: { facet: Facet & { values: { min: number | null; max: number | null } }; view: CategoryView; onChange: (view: CategoryView) => void }) {
  const id = useId();
  const [low = '', high = ''] = (filtersOf(view, facet.attribute._id)[0] ?? '').split('..');
  const unit = facet.attribute.unit ? ` (${facet.attribute.unit})` : '';
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = String(form.get('from') ?? '').trim();
    const to = String(form.get('to') ?? '').trim();
    onChange(withFilters(view, facet.attribute._id, from === '' && to === '' ? [] : [`${from}..${to}`]));
  };
  return (
    <form onSubmit={apply} className="fieldset" aria-labelledby={`${id}-legend`}>
      <span id={`${id}-legend`} className="fieldset-legend">
        {facet.attribute.name}
        {unit}
      </span>
      <div className="flex items-end gap-2">
        <label className="flex flex-col text-sm">
          From
          <input key={low} name="from" type="number" step="any" defaultValue={low} placeholder={facet.values.min === null ? '' : String(facet.values.min)} className="input input-sm w-24" />
        </label>
        <label className="flex flex-col text-sm">
          To
          <input key={high} name="to" type="number" step="any" defaultValue={high} placeholder={facet.values.max === null ? '' : String(facet.values.max)} className="input input-sm w-24" />
        </label>
        <button type="submit" className="btn btn-sm">
          Apply
        </button>
      </div>
    </form>
  );
}

/**
 * A category page's filters (issue 40, item 5): each specification of the category, choices with
 * their counts and numbers as a range, the price range and in stock only. Each change is a new
 * address, which the server renders as it is.
 */
export function CategoryFilters({ view, facets, onChange }: CategoryFiltersProps) {
  const priceId = useId();
  const applyPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const amount = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    onChange({ ...view, minPrice: amount('minPrice'), maxPrice: amount('maxPrice') });
  };
  return (
    <div className="flex flex-col gap-4">
      <label className="label cursor-pointer justify-start gap-2">
        <input type="checkbox" className="toggle toggle-sm" checked={view.inStock} onChange={(event) => onChange({ ...view, inStock: event.currentTarget.checked })} />
        <span className="text-base-content">In stock only</span>
      </label>
      <form onSubmit={applyPrice} className="fieldset" aria-labelledby={`${priceId}-legend`}>
        <span id={`${priceId}-legend`} className="fieldset-legend">
          Price ($)
        </span>
        <div className="flex items-end gap-2">
          <label className="flex flex-col text-sm">
            From
            <input key={view.minPrice ?? ''} name="minPrice" type="number" min="0" step="0.01" defaultValue={view.minPrice ?? ''} className="input input-sm w-24" />
          </label>
          <label className="flex flex-col text-sm">
            To
            <input key={view.maxPrice ?? ''} name="maxPrice" type="number" min="0" step="0.01" defaultValue={view.maxPrice ?? ''} className="input input-sm w-24" />
          </label>
          <button type="submit" className="btn btn-sm">
            Apply
          </button>
        </div>
      </form>
      {facets.map((facet) =>
        Array.isArray(facet.values) ? (
          <ValueFacet key={facet.attribute._id} facet={{ ...facet, values: facet.values }} view={view} onChange={onChange} />
        ) : (
          <RangeFacet key={facet.attribute._id} facet={{ ...facet, values: facet.values }} view={view} onChange={onChange} />
        ),
      )}
      {(view.filters.length > 0 || view.inStock || view.minPrice !== undefined || view.maxPrice !== undefined) && (
        <button type="button" className="btn btn-ghost btn-sm self-start" onClick={() => onChange({ ...view, filters: [], inStock: false, minPrice: undefined, maxPrice: undefined })}>
          Clear filters
        </button>
      )}
    </div>
  );
}
