import { NavLink } from 'react-router';
import { useCart } from '../hooks/use-cart.ts';
import { useMergeAtSignIn } from '../hooks/use-merge-at-sign-in.ts';

/** "Cart, 3 units": the count said in words for screen readers, shown as a badge. */
const cartLinkName = (units: number | undefined) => (units === undefined ? 'Cart' : `Cart, ${units} ${units === 1 ? 'unit' : 'units'}`);

/**
 * The navbar's way to the cart, with the units in it. It sits in the navbar on every page, so it is
 * also where a visitor's browser cart joins the account's at sign-in.
 */
export function CartLink({ className = '' }: { className?: string }) {
  const { units } = useCart();
  useMergeAtSignIn();
  return (
    <NavLink to="/cart" aria-label={cartLinkName(units)} className={`btn btn-ghost gap-1 px-2 text-neutral-content ${className}`}>
      <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
        <path strokeLinecap="round" strokeLinejoin="round" strokeWidth={2} d="M3 3h2l.4 2M7 13h10l4-8H5.4M7 13 5.4 5M7 13l-2.3 2.3c-.6.6-.2 1.7.7 1.7H17m0 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm-8 2a2 2 0 1 1-4 0 2 2 0 0 1 4 0Z" />
      </svg>
      {units !== undefined && units > 0 && (
        <span className="badge badge-primary badge-sm" aria-hidden="true">
          {units}
        </span>
      )}
    </NavLink>
  );
}
