import { useId } from 'react';
import { Link } from 'react-router';
import { familyChoicesOf, type ToolFamily } from '@voltline/shared/families';

/**
 * A family's options on a member's page (issue 40, item 3): each option's values as links to the
 * sibling that has it (the current one marked), so a buyer switches from bare to kit as from one
 * page to another, and each page is its own tool with its own price and stock. Out of stock is said
 * in the link's words, not only by its look.
 */
export function FamilySelector({ family, toolId }: { family: ToolFamily; toolId: string }) {
  const options = familyChoicesOf(family, toolId);
  // An option's name may hold spaces ("Battery platform"): the group is named by an id of its place.
  const idPrefix = useId();
  if (options.length === 0) return null;
  return (
    <nav aria-label={`Options of ${family.name}`} className="flex flex-col gap-3">
      {options.map(({ option, choices }, index) => (
        <div key={option} role="group" aria-labelledby={`${idPrefix}-option-${index}`}>
          <p id={`${idPrefix}-option-${index}`} className="text-sm font-medium">
            {option}
          </p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {choices.map((choice) => (
              <li key={choice.value}>
                <Link
                  to={`/tools/${choice.toolId}`}
                  aria-current={choice.current ? 'page' : undefined}
                  className={`btn btn-sm ${choice.current ? 'btn-primary' : 'btn-outline'} ${choice.outOfStock ? 'border-dashed' : ''}`}
                >
                  {choice.outOfStock ? `${choice.value} (out of stock)` : choice.value}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
