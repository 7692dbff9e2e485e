import { Link } from 'react-router';
import { checkoutMessages } from '@voltline/shared/checkout';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useMyOrders } from '../api/get-my-orders.ts';

/**
 * What an empty checkout says (issue 43): Back from the payment page led to the checkout form, whose
 * "Order and pay" could only answer "Your cart is empty". The cart became the order: the customer's
 * newest order still waiting to be paid is named with the way to pay it; without one, the way to the catalogue.
 */
export function UnpaidOrderNotice() {
  const { rows } = useMyOrders();
  if (rows.isPending) return <LoadingSpinner label="Loading your orders" />;
  // A failure to read the orders still leaves the catalogue's way.
  // An order on account waits for a bank transfer, not for this customer's card.
  const waiting = rows.data?.find((order) => order.status === 'unpaid' && !order.cancelled && !order.paymentDueOn);
  if (!waiting) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p>{checkoutMessages.emptyCart}</p>
        <Link to="/tools" className="btn btn-primary btn-sm">
          See our tools
        </Link>
      </div>
    );
  }
  return (
    <div role="status" className="alert alert-info flex flex-col items-start gap-3">
      <p>{`Your cart is now order ${waiting.orderNumber}, which waits to be paid.`}</p>
      <Link to={`/payment/${encodeURIComponent(waiting._id)}`} className="btn btn-primary btn-sm">
        {`Pay order ${waiting.orderNumber}`}
      </Link>
    </div>
  );
}
