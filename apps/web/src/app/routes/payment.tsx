import { Link, useParams } from 'react-router';
import { ApiRequestError, describeRequestError } from '../../lib/api-client.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { OrderDocuments } from '../../features/orders/components/order-documents.tsx';
import { useOrder } from '../../entities/order/api/get-order.ts';
import { OrderPayment } from '../../features/payments/components/order-payment.tsx';

function OrderUnavailable({ error }: { error: Error }) {
  const notFound = error instanceof ApiRequestError && error.status === 404;
  return (
    <div className="flex flex-col items-start gap-4">
      <ErrorAlert message={notFound ? 'Order not found' : describeRequestError(error)} />
      <Link to="/dashboard/myorders" className="btn btn-primary">
        Back to my orders
      </Link>
    </div>
  );
}

/** /payment/:productId, where the parameter is the order's id (product.md, "The API": POST /purchased leads here). */
export function PaymentPage() {
  const { productId: orderId = '' } = useParams();
  const order = useOrder(orderId);

  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Payment</h1>
      {/* Data first: a failed refresh after paying must not hide the order and its payment message. */}
      {order.data ? (
        <OrderPayment key={order.data._id} order={order.data} documents={<OrderDocuments order={order.data} />} />
      ) : order.isError ? (
        <OrderUnavailable error={order.error} />
      ) : (
        <LoadingSpinner label="Loading the order" />
      )}
    </section>
  );
}
