import { TOOL_SORTS, type ToolSort } from '@voltline/shared/shop-constants';
import { readToolFilters, writeToolFilters, type ToolFilters } from './category-address.ts';

/** The catalogue page's own address. */
export const CATALOGUE_PATH = '/tools';

/** The catalogue's orders, as the page's Sort by offers them. */
export const CATALOGUE_SORT_LABELS: Record<ToolSort, string> = {
  newest: 'Newest first',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name: A to Z',
  relevance: 'Best match',
};
/** A search is the best match first unless sorted (the API's own default); without one, the newest first. */
const defaultSortOf = (q: string | undefined): ToolSort => (q === undefined ? 'newest' : 'relevance');

/** The orders Sort by offers: the best match only when there is a search to match. */
export const catalogueSortsFor = (q: string | undefined): ToolSort[] => TOOL_SORTS.filter((sort) => sort !== 'relevance' || q !== undefined);

/**
 * The most pages a catalogue address makes the server render at once (`pages=40` is read as 10 on
 * the server; the browser goes on loading the rest): a crawler following Show more links costs a
 * bounded number of page reads per request.
 */
export const CATALOGUE_PAGES_RENDERED_MAX = 10;

/**
 * What the catalogue page shows, kept in its address so that a search can be shared, reloaded and
 * indexed: `/tools?q=drill&minPrice=20&inStock=true&sort=price-asc&pages=2`. `q` is the search,
 * the price range and in stock only its filters (issue 40, item 5; a category is its own page),
 * `sort` the order, `pages` how many Show mores' worth of pages are on screen (1 when absent).
 * Whatever a hand-typed address holds is read as something the page can show, never refused: an
 * unknown sort is the newest first.
 */
export interface CatalogueView extends ToolFilters {
  sort: ToolSort;
  pages: number;
}

const isToolSort = (value: string | null): value is ToolSort => TOOL_SORTS.includes(value as ToolSort);

export function readCatalogueAddress(search: URLSearchParams): CatalogueView {
  const filters = readToolFilters(search);
  const { q } = filters;
  const sort = search.get('sort');
  const pages = Number(search.get('pages'));
  return {
    ...filters,
    sort: isToolSort(sort) && catalogueSortsFor(q).includes(sort) ? sort : defaultSortOf(q),
    pages: Number.isInteger(pages) && pages > 1 ? Math.min(pages, 1000) : 1,
  };
}

/** The address of a view; the defaults (no search nor filter, its default order, one page) are left out. */
export function catalogueAddress({ sort, pages, ...filters }: CatalogueView): string {
  const search = writeToolFilters(new URLSearchParams(), filters);
  const { q } = filters;
  if (sort !== defaultSortOf(q)) search.set('sort', sort);
  if (pages > 1) search.set('pages', String(pages));
  const text = search.toString();
  return text ? `${CATALOGUE_PATH}?${text}` : CATALOGUE_PATH;
}
