import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { use, useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { CardPaymentRefusedError, type CardFormProps } from '../card-payment.ts';
import { PayButton } from './pay-button.tsx';

// One load per key for the whole visit: <Elements> must keep the same Stripe instance.
const stripeLoads = new Map<string, Promise<Stripe | null>>();

function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  let load = stripeLoads.get(publishableKey);
  if (!load) {
    // Imported only here: the package adds Stripe.js from js.stripe.com as soon as it runs, which
    // must happen only on a shop that pays through Stripe. A failed load answers null (shown below).
    load = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey)).catch(() => null);
    stripeLoads.set(publishableKey, load);
  }
  return load;
}

function StripeCardFields({ order, clientSecret, canPay, onPay, onNewProblem }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardProblem, setCardProblem] = useState<string | null>(null);

  const showCardProblem = (event: StripeCardElementChangeEvent) => {
    setCardProblem(event.error?.message ?? null);
    if (event.error) onNewProblem();
  };

  const payWithCard = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    onPay(async () => {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: order.buyer, email: order.buyerEamil } },
      });
      if (error) throw new CardPaymentRefusedError(error.message ?? 'Your card could not be charged.');
      if (paymentIntent.status !== 'succeeded') throw new CardPaymentRefusedError('The payment was not completed.');
      return paymentIntent.id;
    });
  };

  return (
    <form onSubmit={payWithCard} aria-label="Card payment" className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-1">
        {/* Stripe's card field is an iframe with its own labels; the legend names it on the page. */}
        <legend className="mb-1 text-sm font-medium">Card details</legend>
        <div className="input w-full items-center">
          <CardElement className="w-full" onChange={showCardProblem} />
        </div>
        <p role="alert" className="text-sm text-error">
          {cardProblem}
        </p>
      </fieldset>
      <PayButton canPay={canPay && stripe !== null} />
    </form>
  );
}

/** Stripe's own card field, confirmed by Stripe.js in the browser. Loaded only when the shop uses Stripe. */
export function StripeCardForm({ publishableKey, ...form }: CardFormProps & { publishableKey: string }) {
  // Suspends (the caller's Suspense shows a spinner) until Stripe.js has loaded.
  const stripe = use(loadStripeOnce(publishableKey));
  if (!stripe) return <ErrorAlert message="The card form could not be loaded. Check your connection and reload the page." />;
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...form} />
    </Elements>
  );
}
