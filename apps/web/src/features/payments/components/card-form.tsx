import { lazy, Suspense } from 'react';
import type { PaymentConfig } from '@voltline/shared/payment';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import type { CardFormProps } from '../card-payment.ts';
import { BuiltinCardForm } from './builtin-card-form.tsx';

// Its own chunk: the Stripe libraries load only for a shop that pays through Stripe.
const StripeCardForm = lazy(async () => ({ default: (await import('./stripe-card-form.tsx')).StripeCardForm }));

/** The card form of the shop's gateway (GET /payments/config). */
export function CardForm({ config, ...form }: CardFormProps & { config: PaymentConfig }) {
  if (config.provider === 'builtin') return <BuiltinCardForm {...form} />;
  if (!config.publishableKey) return <ErrorAlert message="Card payment is not set up on this shop yet." />;
  return (
    <Suspense fallback={<LoadingSpinner label="Loading the card form" className="py-6" />}>
      <StripeCardForm publishableKey={config.publishableKey} {...form} />
    </Suspense>
  );
}
