import { Link } from 'react-router';
import type { CategoryCount } from '@voltline/shared/categories';

/**
 * Categories to go to (issue 40): the catalogue's top ones, or a category's subcategories, each a
 * page of its own with how many tools it holds given the filters chosen (issue 40, item 5), which
 * `addressOf` carries there. One no tool matches is said, not linked: its page would be empty.
 */
export function CategoryNavigation({ label, categories, addressOf }: { label: string; categories: CategoryCount[]; addressOf: (slug: string) => string }) {
  if (categories.length === 0) return null;
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {categories.map((category) => (
          <li key={category.slug}>
            {category.count === 0 ? (
              <span className="btn btn-ghost btn-sm pointer-events-none text-base-content/70">{`${category.name} (0)`}</span>
            ) : (
              <Link to={addressOf(category.slug)} className="btn btn-outline btn-sm">
                {`${category.name} (${category.count})`}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
