import { TOOL_SORTS, type ToolSort } from '@voltline/shared/shop-constants';

/**
 * A category page's view, kept in its address as the search's own query (issue 40, item 5): the
 * server renders the filtered page from it, and Back retraces each filter chosen.
 * `filter` is `<attributeId>:<choice>`, `<attributeId>:<min>..<max>` or `<attributeId>:yes`.
 */
export interface CategoryView {
  slug: string;
  filters: string[];
  minPrice: string | undefined;
  maxPrice: string | undefined;
  inStock: boolean;
  sort: ToolSort;
}

const isSort = (value: string | null): value is ToolSort => (TOOL_SORTS as readonly string[]).includes(value ?? '');
const amount = (value: string | null) => (value !== null && /^\d{1,7}(\.\d{1,2})?$/.test(value) ? value : undefined);

export function readCategoryAddress(slug: string, search: URLSearchParams): CategoryView {
  const sort = search.get('sort');
  return {
    slug,
    // Only well-formed filters: a hand-edited address shows the category rather than a refusal.
    filters: [...new Set(search.getAll('filter').filter((filter) => /^[0-9a-f-]{36}:.+$/i.test(filter)))].sort(),
    minPrice: amount(search.get('minPrice')),
    maxPrice: amount(search.get('maxPrice')),
    inStock: search.get('inStock') === 'true',
    sort: isSort(sort) ? sort : 'newest',
  };
}

/** The query the page and the API share; the order of filters fixed, so one view is one address. */
export function categoryQuery(view: CategoryView): URLSearchParams {
  const query = new URLSearchParams();
  for (const filter of [...view.filters].sort()) query.append('filter', filter);
  if (view.minPrice !== undefined) query.set('minPrice', view.minPrice);
  if (view.maxPrice !== undefined) query.set('maxPrice', view.maxPrice);
  if (view.inStock) query.set('inStock', 'true');
  if (view.sort !== 'newest') query.set('sort', view.sort);
  return query;
}

export const categoryPagePath = (slug: string) => `/tools/c/${encodeURIComponent(slug)}`;

export function categoryAddress(view: CategoryView): string {
  const query = categoryQuery(view).toString();
  return query === '' ? categoryPagePath(view.slug) : `${categoryPagePath(view.slug)}?${query}`;
}

/** The filters of one attribute in the view, and the view with them replaced. */
export const filtersOf = (view: CategoryView, attributeId: string) => view.filters.filter((filter) => filter.startsWith(`${attributeId}:`)).map((filter) => filter.slice(attributeId.length + 1));
export const withFilters = (view: CategoryView, attributeId: string, values: string[]): CategoryView => ({
  ...view,
  filters: [...view.filters.filter((filter) => !filter.startsWith(`${attributeId}:`)), ...values.map((value) => `${attributeId}:${value}`)].sort(),
});
