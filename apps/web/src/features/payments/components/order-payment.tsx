import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '@voltline/shared/order';
import { PAYMENT_LIMIT_MESSAGE } from '@voltline/shared/payment';
import { PAYMENT_MAXIMUM } from '@voltline/shared/shop-constants';
import { describeRequestError } from '../../../lib/api-client.ts';
import { orderIsOver, orderStateText } from '../../../entities/order/order-state.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { usePaymentIntent } from '../api/create-payment-intent.ts';
import { usePaymentConfig } from '../api/get-payment-config.ts';
import { useCardPayment } from '../hooks/use-card-payment.ts';
import { CardForm } from './card-form.tsx';

type CardPayment = ReturnType<typeof useCardPayment>;

/**
 * Where a paid purchase ends (issue 26): the order's number (its invoice's, once the shop issued
 * one: the number on the papers; else its id), its documents, and the way to My Orders.
 */
function OrderDone({ order, documents }: { order: Order; documents: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <p>
        <span className="font-semibold">Order number: </span>
        <span className="font-mono wrap-anywhere">{order.invoiceNumber ?? order._id}</span>
      </p>
      {documents}
      <Link to="/dashboard/myorders" className="btn btn-primary btn-sm">
        My Orders
      </Link>
    </div>
  );
}

/** The card form of an unpaid order, and how its payment is going. */
function PayByCard({ order, payment, documents }: { order: Order; payment: CardPayment; documents: ReactNode }) {
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
        {payment.transactionId && (
          <div role="status" className="alert alert-success flex flex-col items-start gap-1">
            <p className="font-semibold">Congrats! your payment is completed</p>
            <p className="wrap-anywhere">{`Your transaction id: ${payment.transactionId}`}</p>
          </div>
        )}
        {payment.transactionId && <OrderDone order={order} documents={documents} />}
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
      <div className="flex flex-col gap-4">
        {payment.failure && <ErrorAlert message={payment.failure} />}
        <div role="status" className="alert alert-warning">
          <p className="font-semibold">{`Order ${orderStateText(order)?.toLowerCase() ?? 'canceled'}`}</p>
        </div>
      </div>
    );
  }
  if (order.status !== 'unpaid' && !payingNow) {
    return (
      <div className="flex flex-col gap-4">
        <div role="status" className="alert alert-success flex flex-col items-start gap-1">
          <p className="font-semibold">payment done!!!</p>
          {order.transactionId && <p className="wrap-anywhere">{`Transaction id: ${order.transactionId}`}</p>}
        </div>
        <OrderDone order={order} documents={documents} />
      </div>
    );
  }
  // product.md, "Rules for what people type": no payment intent is requested for an order over the card provider's limit.
  if (order.price > PAYMENT_MAXIMUM) return <ErrorAlert message={PAYMENT_LIMIT_MESSAGE} />;
  return <PayByCard order={order} payment={payment} documents={documents} />;
}
