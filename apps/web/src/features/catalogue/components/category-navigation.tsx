import { Link } from 'react-router';
import { useCategories } from '../api/get-categories.ts';
import { categoryPagePath } from '../category-address.ts';

/** The catalogue's navigation (issue 40): its top categories, each a page of its own; nothing while the shop has none. */
export function CategoryNavigation() {
  const categories = useCategories();
  const top = categories.data ?? [];
  if (top.length === 0) return null;
  return (
    <nav aria-label="Categories" className="flex flex-wrap gap-2">
      {top.map((category) => (
        <Link key={category._id} to={categoryPagePath(category.slug)} className="btn btn-outline btn-sm">
          {category.name}
        </Link>
      ))}
    </nav>
  );
}
