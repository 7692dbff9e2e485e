import { Link } from 'react-router';
import type { CategoryRef } from '@voltline/shared/categories';
import { categoryPagePath } from '../category-address.ts';

/** Where a category (or a tool) sits in the catalogue: All tools › Power tools › Drills; the last step is the page itself. */
export function CategoryBreadcrumb({ path, current }: { path: CategoryRef[]; current?: string }) {
  const steps = current === undefined ? path.slice(0, -1) : path;
  const here = current ?? path.at(-1)?.name;
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
      <ul>
        <li>
          <Link to="/tools">All tools</Link>
        </li>
        {steps.map((step) => (
          <li key={step._id}>
            <Link to={categoryPagePath(step.slug)}>{step.name}</Link>
          </li>
        ))}
        {here !== undefined && (
          <li>
            <span aria-current="page">{here}</span>
          </li>
        )}
      </ul>
    </nav>
  );
}
