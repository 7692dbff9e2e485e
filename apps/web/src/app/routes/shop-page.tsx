import { findShopPage, type ShopPageEntry } from '@voltline/shared/shop-pages';
import { useLocation } from 'react-router';
import { QueryState } from '../../components/query-state.tsx';
import { useDocumentHead } from '../../lib/page-head/use-document-head.ts';
import { useShopPage } from '../../features/content/api/get-shop-page.ts';
import { PageTextView } from '../../features/content/components/page-text-view.tsx';
import { shopPageHead } from './shop-page-head.ts';

/** About us, Contact, Jobs, Terms of use, Privacy policy or Cookie policy, as its address says (/about, ...). */
export function ShopPageView() {
  // The routes give this page only the addresses of the fixed list (routes.tsx).
  const entry = findShopPage(useLocation().pathname.replace(/^\/|\/$/g, ''))!;
  return <ShopPageText entry={entry} />;
}

/** The owner's text under the page's name. */
function ShopPageText({ entry }: { entry: ShopPageEntry }) {
  const page = useShopPage(entry.slug);
  useDocumentHead(shopPageHead(entry, page.data));
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="mb-6 text-4xl font-bold tracking-tight">{entry.title}</h1>
      <QueryState query={page} loadingLabel={`Loading ${entry.title}`} spinnerClassName="py-12">
        {(loaded) => <PageTextView text={loaded.text} />}
      </QueryState>
    </article>
  );
}
