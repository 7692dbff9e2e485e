import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { CatalogueResults } from '../../../features/catalogue/components/catalogue-results.tsx';
import { CatalogueSearchForm } from '../../../features/catalogue/components/catalogue-search-form.tsx';
import { CatalogueFilters } from '../../../features/catalogue/components/catalogue-filters.tsx';
import { FiltersPanel } from '../../../features/catalogue/components/filters-panel.tsx';
import { catalogueAddress, readCatalogueAddress, type CatalogueView } from '../../../features/catalogue/catalogue-address.ts';
import { catalogueToolsQueryOptions } from '../../../features/catalogue/api/search-tools.ts';
import type { CatalogueSearch } from '../../../features/catalogue/api/get-tools.ts';
import { useDocumentHead } from '../../../lib/page-head/use-document-head.ts';
import { cataloguePageHead, catalogueTitle } from './catalogue-head.ts';
import { PricedToolGrid } from '../../priced-tool-grid.tsx';

/**
 * /tools: the whole catalogue, searched by name, narrowed by price and stock, and sorted, a page at
 * a time (issue 28; filters issue 40, item 5). What it shows lives in its address, which the server
 * renders as it is; its category filter leads to the category's own page (CatalogueFilters).
 */
export function CataloguePage() {
  const [searchParams] = useSearchParams();
  const view = readCatalogueAddress(searchParams);
  const navigate = useNavigate();
  // The first page's counts; the last answer's stay on screen while the next filter's load.
  const counted = useInfiniteQuery({ ...catalogueToolsQueryOptions(view), placeholderData: keepPreviousData }).data?.pages[0];
  // The tab's title and description; the server wrote the rest of the head for the first address.
  useDocumentHead(cataloguePageHead(view, undefined));

  // A new search, filter or order is a step Back retraces, starting again at the first page.
  const show = (next: CatalogueView) => void navigate(catalogueAddress({ ...next, pages: 1 }), { preventScrollReset: true });
  const search = (next: CatalogueSearch) => show({ ...view, ...next });

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{catalogueTitle(view)}</h1>
      <div className="mt-6">
        <CatalogueSearchForm search={view} filters={view} onSearch={search} />
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-[16rem_1fr]">
        <FiltersPanel>
          <CatalogueFilters view={view} categories={counted?.categories ?? []} onChange={show} />
        </FiltersPanel>
        <section aria-label="Tools found">
          <CatalogueResults view={view} Grid={PricedToolGrid} />
        </section>
      </div>
    </div>
  );
}
