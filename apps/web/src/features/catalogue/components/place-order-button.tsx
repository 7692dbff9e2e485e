import { Link } from 'react-router';
import type { Tool } from '@voltline/shared/tool';
import { isOutOfStock } from '@voltline/shared/stock';

/**
 * Place order on a tool card or page. Out of stock it is a disabled button, not a link: the
 * purchase form would only refuse the order after the phone and address were typed. `quiet`: an
 * outline in the text's colour, beside a primary action (the tool page's Add to cart); the primary
 * colour as an outline's text on the page's background is too faint to read (contrast 1.85).
 */
export function PlaceOrderButton({ tool, className = '', quiet = false }: { tool: Tool; className?: string; quiet?: boolean }) {
  const look = `btn ${quiet ? 'btn-outline' : 'btn-primary'} ${className}`;
  if (isOutOfStock(tool)) {
    return (
      <button type="button" className={look} disabled>
        Place order
      </button>
    );
  }
  return (
    <Link to={`/purchase/${encodeURIComponent(tool._id)}`} className={look}>
      Place order
    </Link>
  );
}
