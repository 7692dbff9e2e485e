import { Link } from 'react-router';
import { cartMessages } from '@voltline/shared/cart-rules';
import { customerAmount } from '../../../entities/tool/customer-price.ts';
import { describeRequestError } from '../../../lib/api-client.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import type { CartAccess } from '../hooks/use-cart.ts';
import { CartLineItem } from './cart-line-item.tsx';

/**
 * The cart page's content: every line, then the subtotal at the current prices and the way to
 * checkout (a visitor signs in on the way: the cart goes with them). `access` is useCart()'s, read
 * by the route. A signed-in customer's cart comes at their own prices (decision 072, amended): the
 * server answers each line's figures and the subtotal as they see them, and the page shows those.
 */
export function CartView({ access }: { access: CartAccess }) {
  const { cart, failure, holder } = access;
  if (failure) return <ErrorAlert message={describeRequestError(failure)} />;
  if (!cart) return <LoadingSpinner label="Loading your cart" className="py-24" />;
  if (cart.lines.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p>Your cart is empty.</p>
        <Link to="/home" className="btn btn-primary">
          See our tools
        </Link>
      </div>
    );
  }
  const blocked = cart.lines.some((line) => line.problem !== null);
  const subtotal = cart.displayedSubtotal ?? cart.subtotal;
  const withoutVat = cart.lines.some((line) => line.customerPrice?.withoutVat);
  return (
    <div className="flex flex-col gap-4">
      {holder === 'browser' && (
        <p className="text-sm">
          This cart is kept in this browser.{' '}
          <Link to="/login" state={{ from: { pathname: '/cart' } }} className="link link-primary">
            Log in
          </Link>{' '}
          to keep it with your account.
        </p>
      )}
      <ul aria-label="Cart lines">
        {cart.lines.map((line) => (
          // Keyed by quantity too: a quantity the server changed (a merge) refills the line's field.
          <CartLineItem key={`${line.toolId}/${line.quantity}`} line={line} access={access} />
        ))}
      </ul>
      <p className="self-end text-xl font-bold" data-testid="cart-subtotal">{`Subtotal: ${customerAmount(subtotal, withoutVat)}`}</p>
      <p className="self-end text-sm text-base-content/70">Delivery, discounts and VAT are worked out at checkout.</p>
      {blocked ? (
        // The server refuses such a cart's checkout too (cart_blocked); here the way there waits, saying why.
        <>
          <p className="self-end text-sm font-semibold text-error" id="checkout-waits">
            {cartMessages.checkoutWaits}
          </p>
          <button type="button" className="btn btn-primary self-end" disabled aria-describedby="checkout-waits">
            Checkout
          </button>
        </>
      ) : (
        <Link to="/checkout" className="btn btn-primary self-end">
          Checkout
        </Link>
      )}
    </div>
  );
}
