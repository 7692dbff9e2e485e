import { useId } from 'react';
import { useLocation, useNavigate, useNavigation, useParams, useSearchParams } from 'react-router';
import { categoryPathOf, type CategoryNode } from '@voltline/shared/categories';
import { TOOL_SORTS, type ToolSort } from '@voltline/shared/shop-constants';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { NotFoundNotice } from '../../../components/not-found-notice.tsx';
import { useCategories } from '../../../features/catalogue/api/get-categories.ts';
import { CATEGORY_PAGE_SIZE, useCategoryTools } from '../../../features/catalogue/api/search-tools.ts';
import { CATALOGUE_SORT_LABELS } from '../../../features/catalogue/catalogue-address.ts';
import { categoryAddress, readCategoryAddress, type CategoryView } from '../../../features/catalogue/category-address.ts';
import { CategoryBreadcrumb } from '../../../features/catalogue/components/category-breadcrumb.tsx';
import { CategoryFilters } from '../../../features/catalogue/components/category-filters.tsx';
import { CategoryNavigation } from '../../../features/catalogue/components/category-navigation.tsx';
import { FiltersPanel } from '../../../features/catalogue/components/filters-panel.tsx';
import { ToolGridPlaceholder } from '../../../features/catalogue/components/tool-grid.tsx';
import { PricedToolGrid } from '../../priced-tool-grid.tsx';
import { describeRequestError } from '../../../lib/api-client.ts';
import { useDocumentHead } from '../../../lib/page-head/use-document-head.ts';
import { categoryPageHead, missingCategoryHead } from './category-head.ts';
import { OptionList } from '../../../components/option-list.tsx';

function CategoryNotFound() {
  useDocumentHead(missingCategoryHead);
  return <NotFoundNotice heading="Category not found" text="This category is not in our catalogue." />;
}

function CategoryResults({ view, path, onChange }: { view: CategoryView; path: CategoryNode[]; onChange: (view: CategoryView) => void }) {
  const found = useCategoryTools(view);
  const sortId = useId();
  useDocumentHead(categoryPageHead(view, path, found.data));
  const category = path.at(-1)!;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <CategoryBreadcrumb path={path} />
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{category.name}</h1>
      <div className="mt-4">
        {/* Each subcategory with how many tools the filters chosen leave in it; its page keeps them (those above apply there too). */}
        <CategoryNavigation label="Subcategories" categories={found.data?.categories ?? []} addressOf={(slug) => categoryAddress({ ...view, slug })} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
        <FiltersPanel>
          <CategoryFilters view={view} facets={found.data?.facets ?? []} onChange={onChange} />
        </FiltersPanel>
        <section aria-labelledby={`${sortId}-found`}>
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <h2 id={`${sortId}-found`} className="text-lg font-semibold" aria-live="polite">
              {found.data ? `${found.data.total} ${found.data.total === 1 ? 'tool' : 'tools'}` : 'Tools'}
              {found.data && found.data.total > found.data.tools.length ? ` (the first ${found.data.tools.length} shown)` : ''}
            </h2>
            <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={sortId}>
              Order
              <select id={sortId} className="select select-sm" value={view.sort} onChange={(event) => onChange({ ...view, sort: event.currentTarget.value as ToolSort })}>
                <OptionList values={TOOL_SORTS} label={(sort) => CATALOGUE_SORT_LABELS[sort]} />
              </select>
            </label>
          </div>
          {found.isError && <ErrorAlert message={describeRequestError(found.error)} />}
          {found.data ? (
            found.data.tools.length > 0 ? (
              <>
                <PricedToolGrid id="category-tools" tools={found.data.tools} leadsThePage />
                <div className="mt-6">
                  <LoadMoreButton more={found.more} controls="category-tools" label="Show more" />
                </div>
              </>
            ) : (
              <p className="text-base-content/80">No tool matches these filters. Clear one to see more.</p>
            )
          ) : (
            !found.isError && <ToolGridPlaceholder count={Math.min(6, CATEGORY_PAGE_SIZE)} />
          )}
        </section>
      </div>
    </div>
  );
}

/** /tools/c/:slug: a category's tools (with its subcategories'), filtered by its specifications, price and stock (issue 40). */
export function CategoryPage() {
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const categories = useCategories();
  // While the next view's tools load (the route's loader), the filters already show what was chosen:
  // a box ticked stays ticked instead of springing back until the answer arrives.
  const going = navigation.location?.pathname === pathname ? new URLSearchParams(navigation.location.search) : undefined;
  const view = readCategoryAddress(slug, going ?? searchParams);
  // Each filter chosen is a step Back retraces; the page keeps its place.
  const change = (next: CategoryView) => void navigate(categoryAddress(next), { preventScrollReset: true });

  if (categories.isError) return <ErrorAlert message={describeRequestError(categories.error)} />;
  if (!categories.data) return <LoadingSpinner label="Loading the category" className="py-24" />;
  const path = categoryPathOf(categories.data, slug);
  if (!path) return <CategoryNotFound />;
  return <CategoryResults view={view} path={path} onChange={change} />;
}
