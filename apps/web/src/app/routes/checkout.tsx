import { CheckoutForm } from '../../features/checkout/components/checkout-form.tsx';
import { useCart } from '../../features/cart/hooks/use-cart.ts';
import { useBusinessBuyer } from '../../features/trade/api/own-business-account.ts';
import { UnpaidOrderNotice } from '../../features/orders/components/unpaid-order-notice.tsx';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { useSession } from '../../lib/session/session-context.ts';
import { useDocumentHead } from '../../lib/page-head/use-document-head.ts';
import { checkoutPageHead } from './checkout-head.ts';

/**
 * /checkout: the signed-in customer's cart becomes an order, priced before it is placed (issues 28
 * and 29). An empty cart has nothing to order: the page names the order waiting to be paid instead
 * (Back from its payment page comes here, issue 43).
 */
export function CheckoutPage() {
  useDocumentHead(checkoutPageHead);
  // Login-only: the guard lets no visitor here.
  const { user } = useSession();
  const { cart } = useCart();
  const business = useBusinessBuyer(user !== null);
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Checkout</h1>
      {cart === undefined ? <LoadingSpinner label="Loading your cart" /> : cart.lines.length === 0 ? <UnpaidOrderNotice /> : <CheckoutForm customer={user} business={business} />}
    </section>
  );
}
