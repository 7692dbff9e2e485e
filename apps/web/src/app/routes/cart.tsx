import { CartView } from '../../features/cart/components/cart-view.tsx';
import { useCart } from '../../features/cart/hooks/use-cart.ts';
import { useDocumentHead } from '../../lib/page-head/use-document-head.ts';
import { cartPageHead } from './cart-head.ts';

/** /cart: the visitor's or customer's cart (issue 28); a customer's lines come at their own prices from the server (decision 072, amended). */
export function CartPage() {
  useDocumentHead(cartPageHead);
  const access = useCart();
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Your cart</h1>
      <CartView access={access} />
    </section>
  );
}
