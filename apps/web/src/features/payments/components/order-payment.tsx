import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '@voltline/shared/order';
import { paymentLimitMessage } from '@voltline/shared/payment';
import { PAYMENT_MAXIMUM } from '@voltline/shared/shop-constants';
import { describeRequestError } from '../../../lib/api-client.ts';
import { orderIsOver, orderStateText } from '../../../entities/order/order-state.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { usePaymentIntent } from '../api/create-payment-intent.ts';
import { usePaymentConfig } from '../api/get-payment-config.ts';
import { useCardPayment } from '../hooks/use-card-payment.ts';
import { CardForm } from './card-form.tsx';
import { OrderSummary } from './order-summary.tsx';
import { OrderFiguresSummary } from '../../../entities/order/components/order-figures-summary.tsx';

type CardPayment = ReturnType<typeof useCardPayment>;

/**
 * Where a paid purchase ends (issues 26 and 43): at the page's top, in place of the summary and the
 * card form, the payment's message, the order by its number with what it holds and costs, its
 * invoice, and the way to My Orders. On a phone the success used to land at the bottom, beside the
 * card form still on screen; a payment made now brings the page back to its top and the reader to
 * the order's heading.
 */
function PaymentConfirmation({ order, transactionId, justPaid, documents }: { order: Order; transactionId: string | null; justPaid: boolean; documents: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!justPaid) return;
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [justPaid]);
  return (
    <section aria-labelledby="order-paid-heading" className="card bg-base-100 shadow" data-testid="payment-confirmation">
      <div className="card-body items-start gap-4">
        <div role="status" className="alert alert-success flex w-full flex-col items-start gap-1">
          <p className="font-semibold">{justPaid ? 'Congrats! your payment is completed' : 'payment done!!!'}</p>
          {transactionId && <p className="wrap-anywhere">{`${justPaid ? 'Your transaction id' : 'Transaction id'}: ${transactionId}`}</p>}
        </div>
        <h2 id="order-paid-heading" ref={heading} tabIndex={-1} className="card-title">
          {`Order number: ${order.orderNumber}`}
        </h2>
        {order.invoiceNumber && <p>{`Invoice: ${order.invoiceNumber}`}</p>}
        <div className="w-full">
          <OrderFiguresSummary lines={order.lines} figures={order} couponCode={order.couponCode} label="What you paid" />
        </div>
        {documents}
        <Link to="/dashboard/myorders" className="btn btn-primary btn-sm">
          My Orders
        </Link>
      </div>
    </section>
  );
}

/** The card form of an unpaid order, and how its payment is going. */
function PayByCard({ order, payment }: { order: Order; payment: CardPayment }) {
  const config = usePaymentConfig();
  const intent = usePaymentIntent(order._id);
  const clientSecret = intent.data?.clientSecret ?? null;

  return (
    <div className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <h2 className="card-title">Pay by card</h2>
        <QueryState query={config} loadingLabel="Loading the card form" spinnerClassName="py-6">
          {(gateway) => (
            <CardForm
              config={gateway}
              order={order}
              clientSecret={clientSecret}
              canPay={clientSecret !== null && !payment.processing && payment.transactionId === null}
              onPay={payment.pay}
              onNewProblem={payment.forgetFailure}
            />
          )}
        </QueryState>
        {intent.isError && <ErrorAlert message={describeRequestError(intent.error)} />}
        {payment.processing && (
          <p role="status" className="flex items-center gap-2">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            Processing payment...
          </p>
        )}
        {payment.failure && <ErrorAlert message={payment.failure} />}
      </div>
    </div>
  );
}

/**
 * product.md, "States" and "Rules for what people type": a paid order shows that it is done, an order
 * over the limit is refused, any other can be paid. `documents` are the paid order's invoice to
 * download, which the page brings from the orders area.
 */
export function OrderPayment({ order, documents }: { order: Order; documents: ReactNode }) {
  const payment = useCardPayment(order._id);
  // The order is refetched as paid while this visit's payment completes; that payment keeps its form and message.
  const payingNow = payment.processing || payment.transactionId !== null;

  // Cancelled, or refunded (also when the payment arrived after the last units were sold and was
  // refunded at once): nothing to pay. The refusal of this visit's payment stays in view, in the
  // server's words, instead of giving way to "payment done!!!".
  if (orderIsOver(order) && !payment.processing) {
    return (
      <>
        <OrderSummary order={order} />
        <div className="flex flex-col gap-4">
          {payment.failure && <ErrorAlert message={payment.failure} />}
          <div role="status" className="alert alert-warning">
            <p className="font-semibold">{`Order ${orderStateText(order)?.toLowerCase() ?? 'canceled'}`}</p>
          </div>
        </div>
      </>
    );
  }
  if (payment.transactionId !== null) return <PaymentConfirmation order={order} transactionId={payment.transactionId} justPaid documents={documents} />;
  if (order.status !== 'unpaid' && !payingNow) return <PaymentConfirmation order={order} transactionId={order.transactionId} justPaid={false} documents={documents} />;
  return (
    <>
      <OrderSummary order={order} />
      {/* product.md, "Rules for what people type": no payment intent is requested for an order over the card provider's limit. */}
      {order.price > PAYMENT_MAXIMUM ? <ErrorAlert message={paymentLimitMessage()} /> : <PayByCard order={order} payment={payment} />}
    </>
  );
}
