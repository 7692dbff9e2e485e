import { CheckoutForm } from '../../features/checkout/components/checkout-form.tsx';
import { useSession } from '../../lib/session/session-context.ts';
import { useDocumentHead } from '../../lib/page-head/use-document-head.ts';
import { checkoutPageHead } from './checkout-head.ts';

/** /checkout: the signed-in customer's cart becomes an order, priced before it is placed (issues 28 and 29). */
export function CheckoutPage() {
  useDocumentHead(checkoutPageHead);
  // Login-only: the guard lets no visitor here.
  const { user } = useSession();
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Checkout</h1>
      <CheckoutForm customer={user} />
    </section>
  );
}
