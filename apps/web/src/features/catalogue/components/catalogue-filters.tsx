import type { CategoryCount } from '@voltline/shared/categories';
import type { CatalogueView } from '../catalogue-address.ts';
import { categoryAddress, narrowsByPriceOrStock } from '../category-address.ts';
import { ToolFilterFields } from './category-filters.tsx';
import { CategoryNavigation } from './category-navigation.tsx';

/**
 * The catalogue page's filters (issue 40, item 5): in stock only, the price range, and the top
 * categories, each with how many tools the search and filters leave in it. A category is its own
 * page, which the link opens with the search, filters and order kept (decision 049): that page is
 * rendered by the server with the category's specifications to filter by, and one view keeps one
 * address. Clear filters leaves the search to the search box.
 */
export function CatalogueFilters({ view, categories, onChange }: { view: CatalogueView; categories: CategoryCount[]; onChange: (view: CatalogueView) => void }) {
  return (
    <ToolFilterFields view={view} onChange={onChange} cleared={narrowsByPriceOrStock(view) ? { ...view, inStock: false, minPrice: undefined, maxPrice: undefined } : undefined}>
      <CategoryNavigation label="Categories" categories={categories} addressOf={(slug) => categoryAddress({ ...view, slug, filters: [] })} />
    </ToolFilterFields>
  );
}
