import type { Shipment } from '@voltline/shared/shipments';
import { useOrderShipments } from '../api/shipments.ts';

const shippedOn = (shipment: Shipment) => new Date(shipment.shippedAt).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** One parcel: when it left, what was in it (with serial numbers), the carrier and the tracking link. */
function Parcel({ shipment, number }: { shipment: Shipment; number: number }) {
  return (
    <li className="rounded-box border border-base-200 p-2 text-sm" data-testid="parcel">
      <p className="font-medium">{`Parcel ${number}, shipped ${shippedOn(shipment)}`}</p>
      <ul className="list-disc ps-5">
        {shipment.lines.map((line, index) => (
          <li key={index} className="wrap-break-word">
            {`${line.quantity} x ${line.product}`}
            {line.serialNumbers.length > 0 && <span className="block font-mono text-xs">{`Serial numbers: ${line.serialNumbers.join(', ')}`}</span>}
          </li>
        ))}
      </ul>
      {shipment.carrier && shipment.trackingUrl ? (
        <p className="wrap-break-word">
          {`${shipment.carrier}, tracking number ${shipment.trackingNumber}: `}
          <a href={shipment.trackingUrl} className="link font-medium" target="_blank" rel="noreferrer">
            {`Track parcel ${number}`}
          </a>
        </p>
      ) : (
        <p className="text-base-content/70">No tracking number</p>
      )}
    </li>
  );
}

/** An order's parcels, oldest first (My Orders' card, the Ship dialog). */
export function ShipmentList({ orderId }: { orderId: string }) {
  const shipments = useOrderShipments(orderId);
  if (shipments.isPending) return <p className="text-sm text-base-content/70">Loading parcels…</p>;
  if (shipments.isError) return <p className="text-sm text-error">The parcels could not be loaded.</p>;
  if (shipments.data.length === 0) return null;
  return (
    <section aria-label="Parcels" className="flex flex-col gap-1">
      <h4 className="font-medium">Parcels</h4>
      <ol className="flex flex-col gap-2">
        {shipments.data.map((shipment, index) => (
          <Parcel key={shipment._id} shipment={shipment} number={index + 1} />
        ))}
      </ol>
    </section>
  );
}
