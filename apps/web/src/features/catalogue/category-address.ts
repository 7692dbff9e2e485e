import { SEARCH_MAX_LENGTH, TOOL_SORTS, type ToolSort } from '@voltline/shared/shop-constants';

/**
 * What narrows any list of tools, the catalogue's or a category's, kept in its address as the
 * search's own query (issue 40, item 5): the search word, the price range and in stock only.
 */
export interface ToolFilters {
  q: string | undefined;
  minPrice: string | undefined;
  maxPrice: string | undefined;
  inStock: boolean;
}

/**
 * A category page's view (issue 40, item 5): the server renders the filtered page from it, and Back
 * retraces each filter chosen. `filter` is `<attributeId>:<choice>`, `<attributeId>:<min>..<max>`
 * or `<attributeId>:yes`; the search word comes along from the catalogue's category filter.
 */
export interface CategoryView extends ToolFilters {
  slug: string;
  filters: string[];
  sort: ToolSort;
}

const isSort = (value: string | null): value is ToolSort => (TOOL_SORTS as readonly string[]).includes(value ?? '');
const amount = (value: string | null) => (value !== null && /^\d{1,7}(\.\d{1,2})?$/.test(value) ? value : undefined);

/** The filters an address keeps; whatever it holds is read as something the page can show, never refused. */
export function readToolFilters(search: URLSearchParams): ToolFilters {
  return {
    // As the API reads its q: trimmed, at most its length, empty as none.
    q: search.get('q')?.trim().slice(0, SEARCH_MAX_LENGTH) || undefined,
    minPrice: amount(search.get('minPrice')),
    maxPrice: amount(search.get('maxPrice')),
    inStock: search.get('inStock') === 'true',
  };
}

/** The filters as the address and the API's query write them; none left out but those not chosen. */
export function writeToolFilters(query: URLSearchParams, { q, minPrice, maxPrice, inStock }: ToolFilters): URLSearchParams {
  if (q !== undefined) query.set('q', q);
  if (minPrice !== undefined) query.set('minPrice', minPrice);
  if (maxPrice !== undefined) query.set('maxPrice', maxPrice);
  if (inStock) query.set('inStock', 'true');
  return query;
}

/** Whether a view is narrowed by its price range or stock (the search word is the search box's). */
export const narrowsByPriceOrStock = (view: Pick<ToolFilters, 'minPrice' | 'maxPrice' | 'inStock'>) => view.inStock || view.minPrice !== undefined || view.maxPrice !== undefined;

export function readCategoryAddress(slug: string, search: URLSearchParams): CategoryView {
  const sort = search.get('sort');
  return {
    slug,
    // Only well-formed filters: a hand-edited address shows the category rather than a refusal.
    filters: [...new Set(search.getAll('filter').filter((filter) => /^[0-9a-f-]{36}:.+$/i.test(filter)))].sort(),
    ...readToolFilters(search),
    sort: isSort(sort) ? sort : 'newest',
  };
}

/** The query the page and the API share; the order of filters fixed, so one view is one address. */
export function categoryQuery(view: CategoryView): URLSearchParams {
  const query = new URLSearchParams();
  for (const filter of [...view.filters].sort()) query.append('filter', filter);
  writeToolFilters(query, view);
  if (view.sort !== 'newest') query.set('sort', view.sort);
  return query;
}

export const categoryPagePath = (slug: string) => `/tools/c/${encodeURIComponent(slug)}`;

export function categoryAddress(view: CategoryView): string {
  const query = categoryQuery(view).toString();
  return query === '' ? categoryPagePath(view.slug) : `${categoryPagePath(view.slug)}?${query}`;
}

/** The filters of one attribute in the view, and the view with them replaced. */
export const filtersOf = (view: Pick<CategoryView, 'filters'>, attributeId: string) => view.filters.filter((filter) => filter.startsWith(`${attributeId}:`)).map((filter) => filter.slice(attributeId.length + 1));
export const withFilters = <View extends Pick<CategoryView, 'filters'>>(view: View, attributeId: string, values: string[]): View => ({
  ...view,
  filters: [...view.filters.filter((filter) => !filter.startsWith(`${attributeId}:`)), ...values.map((value) => `${attributeId}:${value}`)].sort(),
});
