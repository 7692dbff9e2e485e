import { Link } from 'react-router';
import type { Tool } from '@voltline/shared/tool';
import { isOutOfStock } from '@voltline/shared/stock';

/**
 * Place order on a tool card or page. Out of stock it is a disabled button, not a link: the
 * purchase form would only refuse the order after the phone and address were typed.
 */
export function PlaceOrderButton({ tool, className = '' }: { tool: Tool; className?: string }) {
  if (isOutOfStock(tool)) {
    return (
      <button type="button" className={`btn btn-primary ${className}`} disabled>
        Place order
      </button>
    );
  }
  return (
    <Link to={`/purchase/${encodeURIComponent(tool._id)}`} className={`btn btn-primary ${className}`}>
      Place order
    </Link>
  );
}
