import { useNavigate, useSearchParams } from 'react-router';
import { CatalogueResults } from '../../../features/catalogue/components/catalogue-results.tsx';
import { CategoryNavigation } from '../../../features/catalogue/components/category-navigation.tsx';
import { CatalogueSearchForm } from '../../../features/catalogue/components/catalogue-search-form.tsx';
import { catalogueAddress, readCatalogueAddress } from '../../../features/catalogue/catalogue-address.ts';
import type { CatalogueSearch } from '../../../features/catalogue/api/get-tools.ts';
import { useDocumentHead } from '../../../lib/page-head/use-document-head.ts';
import { cataloguePageHead, catalogueTitle } from './catalogue-head.ts';
import { PricedToolGrid } from '../../priced-tool-grid.tsx';

/**
 * /tools: the whole catalogue, searched by name and sorted, a page at a time (issue 28). What it
 * shows lives in its address, which the server renders as it is.
 */
export function CataloguePage() {
  const [searchParams] = useSearchParams();
  const view = readCatalogueAddress(searchParams);
  const navigate = useNavigate();
  // The tab's title and description; the server wrote the rest of the head for the first address.
  useDocumentHead(cataloguePageHead(view, undefined));

  // A new search or order is a step Back retraces, starting again at the first page.
  const search = (next: CatalogueSearch) => void navigate(catalogueAddress({ ...next, pages: 1 }));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{catalogueTitle(view)}</h1>
      <div className="mt-4">
        <CategoryNavigation />
      </div>
      <div className="mt-6">
        <CatalogueSearchForm search={view} onSearch={search} />
      </div>
      <h2 className="sr-only">Tools found</h2>
      <div className="mt-8">
        <CatalogueResults view={view} Grid={PricedToolGrid} />
      </div>
    </div>
  );
}
