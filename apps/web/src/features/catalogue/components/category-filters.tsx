import { useId, type FormEvent, type ReactNode } from 'react';
import type { Facet } from '@voltline/shared/categories';
import { currencySign } from '@voltline/shared/money';
import { filtersOf, narrowsByPriceOrStock, withFilters, type CategoryView, type ToolFilters } from '../category-address.ts';

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

/** A From/To range with Apply: a number specification's, within the range the matching tools span, or the price's. */
function RangeForm({ legend, names, values, placeholders = ['', ''], step, onApply }: {
  legend: string;
  names: [string, string];
  values: [string, string];
  placeholders?: [string, string];
  step: string;
  onApply: (from: string, to: string) => void;
}) {
  const id = useId();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onApply(String(form.get(names[0]) ?? '').trim(), String(form.get(names[1]) ?? '').trim());
  };
  return (
    <form onSubmit={apply} className="fieldset" aria-labelledby={`${id}-legend`}>
      <span id={`${id}-legend`} className="fieldset-legend">
        {legend}
      </span>
      <div className="flex items-end gap-2">
        {(['From', 'To'] as const).map((label, index) => (
          <label key={label} className="flex flex-col text-sm">
            {label}
            <input key={values[index]} name={names[index]} type="number" min={step === 'any' ? undefined : '0'} step={step} defaultValue={values[index]} placeholder={placeholders[index]} className="input input-sm w-24" />
          </label>
        ))}
        <button type="submit" className="btn btn-sm">
          Apply
        </button>
      </div>
    </form>
  );
}

/** A number specification as a range; the filter is `min..max`, either side may be empty. */
function RangeFacet({ facet, view, onChange }: { facet: Facet & { values: { min: number | null; max: number | null } }; view: CategoryView; onChange: (view: CategoryView) => void }) {
  const [low = '', high = ''] = (filtersOf(view, facet.attribute._id)[0] ?? '').split('..');
  const bound = (value: number | null) => (value === null ? '' : String(value));
  return (
    <RangeForm
      legend={`${facet.attribute.name}${facet.attribute.unit ? ` (${facet.attribute.unit})` : ''}`}
      names={['from', 'to']}
      values={[low, high]}
      placeholders={[bound(facet.values.min), bound(facet.values.max)]}
      step="any"
      onApply={(from, to) => onChange(withFilters(view, facet.attribute._id, from === '' && to === '' ? [] : [`${from}..${to}`]))}
    />
  );
}

/**
 * The filters every list of tools offers (issue 40, item 5), the catalogue's and a category's: in
 * stock only and the price range, then `children` (a category's specifications), and Clear filters
 * while `cleared` (the view without them) differs. Each change is a new address, which the server
 * renders as it is.
 */
export function ToolFilterFields<View extends ToolFilters>({ view, onChange, cleared, children }: { view: View; onChange: (view: View) => void; cleared: View | undefined; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <label className="label cursor-pointer justify-start gap-2">
        <input type="checkbox" className="toggle toggle-sm" checked={view.inStock} onChange={(event) => onChange({ ...view, inStock: event.currentTarget.checked })} />
        <span className="text-base-content">In stock only</span>
      </label>
      <RangeForm
        legend={`Price (${currencySign()})`}
        names={['minPrice', 'maxPrice']}
        values={[view.minPrice ?? '', view.maxPrice ?? '']}
        step="0.01"
        onApply={(from, to) => onChange({ ...view, minPrice: from || undefined, maxPrice: to || undefined })}
      />
      {children}
      {cleared && (
        <button type="button" className="btn btn-ghost btn-sm self-start" onClick={() => onChange(cleared)}>
          Clear filters
        </button>
      )}
    </div>
  );
}

/**
 * A category page's filters (issue 40, item 5): each specification of the category, choices with
 * their counts and numbers as a range, besides the price range and in stock only. A search word
 * brought from the catalogue is said, and cleared with the rest.
 */
export function CategoryFilters({ view, facets, onChange }: CategoryFiltersProps) {
  const narrowed = view.filters.length > 0 || view.q !== undefined || narrowsByPriceOrStock(view);
  return (
    <ToolFilterFields view={view} onChange={onChange} cleared={narrowed ? { ...view, q: undefined, filters: [], inStock: false, minPrice: undefined, maxPrice: undefined } : undefined}>
      {view.q !== undefined && <p className="text-sm">Tools matching “{view.q}”</p>}
      {facets.map((facet) =>
        Array.isArray(facet.values) ? (
          <ValueFacet key={facet.attribute._id} facet={{ ...facet, values: facet.values }} view={view} onChange={onChange} />
        ) : (
          <RangeFacet key={facet.attribute._id} facet={{ ...facet, values: facet.values }} view={view} onChange={onChange} />
        ),
      )}
    </ToolFilterFields>
  );
}
