import { flattenCategories } from '@voltline/shared/categories';
import { QueryState } from '../../../components/query-state.tsx';
import { useCategories } from '../../../features/catalogue/api/get-categories.ts';
import { CategoryAdminCard } from '../../../features/catalogue/components/category-admin-card.tsx';
import { NewCategoryForm } from '../../../features/catalogue/components/new-category-form.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

/** Admin: the catalogue's categories (issue 40): a tree of at most three levels, each with the specifications its tools fill. */
export function CategoriesPage() {
  const categories = useCategories();
  return (
    <DashboardPage title="Categories" width="4xl">
      <QueryState query={categories} loadingLabel="Loading the categories">
        {(tree) => (
          <>
            <NewCategoryForm tree={tree} />
            {tree.length === 0 ? (
              <p>No categories yet: create the first above.</p>
            ) : (
              <ul aria-label="Categories" className="flex flex-col gap-3">
                {flattenCategories(tree).map((category) => (
                  <CategoryAdminCard key={category._id} category={category} tree={tree} depth={category.depth} />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </DashboardPage>
  );
}
