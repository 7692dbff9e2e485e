import { useId, type FormEvent } from 'react';
import { SEARCH_MAX_LENGTH, type ToolSort } from '@voltline/shared/paging';
import { CATALOGUE_PATH, CATALOGUE_SORT_LABELS, catalogueSortsFor } from '../catalogue-address.ts';
import type { CatalogueSearch } from '../api/get-tools.ts';
import type { ToolFilters } from '../category-address.ts';
import { OptionList } from '../../../components/option-list.tsx';

interface CatalogueSearchFormProps {
  /** The search and order in force (from the page's address). */
  search: CatalogueSearch;
  /** The filters in force, which a search without scripts keeps as the app's does (issue 40, item 5). */
  filters?: Pick<ToolFilters, 'minPrice' | 'maxPrice' | 'inStock'>;
  onSearch: (search: CatalogueSearch) => void;
}

/** The search typed into the form, as the address keeps it: trimmed, none when empty. */
const typedSearch = (form: HTMLFormElement) => String(new FormData(form).get('q') ?? '').trim() || undefined;

/**
 * The order once the search changes: a first search takes the best match first, as its address
 * without a sort does, and a search taken away the newest first; an order the visitor chose stays.
 */
function sortAfterSearch(sort: ToolSort, before: string | undefined, after: string | undefined): ToolSort {
  if (after === undefined) return sort === 'relevance' ? 'newest' : sort;
  return before === undefined && sort === 'newest' ? 'relevance' : sort;
}

/**
 * The catalogue's search box and order. A plain GET form to /tools, so it works as written before
 * the app has taken the server's page over (and without scripts at all); with the app, a search goes
 * on Enter or Search and a new order at once, without a new document.
 */
export function CatalogueSearchForm({ search, filters, onSearch }: CatalogueSearchFormProps) {
  const searchId = useId();
  const sortId = useId();

  const searchNow = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = typedSearch(event.currentTarget);
    onSearch({ q, sort: sortAfterSearch(search.sort, search.q, q) });
  };

  return (
    <form
      role="search"
      aria-label="Tools"
      action={CATALOGUE_PATH}
      method="get"
      onSubmit={searchNow}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      {filters?.minPrice !== undefined && <input type="hidden" name="minPrice" value={filters.minPrice} />}
      {filters?.maxPrice !== undefined && <input type="hidden" name="maxPrice" value={filters.maxPrice} />}
      {filters?.inStock && <input type="hidden" name="inStock" value="true" />}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search tools
        </label>
        <div className="join w-full">
          {/* A search set from elsewhere (Back, a shared link) replaces what is typed: the key draws the box anew. */}
          <input
            key={search.q ?? ''}
            id={searchId}
            name="q"
            type="search"
            defaultValue={search.q ?? ''}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Drill, tester, crimper..."
            className="input join-item w-full min-w-0"
          />
          <button type="submit" className="btn btn-primary join-item">
            Search
          </button>
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={sortId} className="text-sm font-medium">
          Sort by
        </label>
        <select
          id={sortId}
          name="sort"
          value={search.sort}
          // What is typed counts too, searched or not yet: the visitor sorts what the box says.
          onChange={(event) => onSearch({ q: event.target.form ? typedSearch(event.target.form) : search.q, sort: event.target.value as ToolSort })}
          className="select w-full sm:w-56"
        >
          <OptionList values={catalogueSortsFor(search.q)} label={(sort) => CATALOGUE_SORT_LABELS[sort]} />
        </select>
      </div>
    </form>
  );
}
