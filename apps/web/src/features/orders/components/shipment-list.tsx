import type { Shipment } from '@voltline/shared/shipments';
import { describeRequestError, refusalOf } from '../../../lib/api-client.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useDownloadPackingSlip, useMarkDelivered, useOrderShipments } from '../api/shipments.ts';

const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const shippedOn = (shipment: Shipment) => dayOf(shipment.shippedAt);

/** An admin's "it arrived" for a parcel not yet marked delivered: the withdrawal period counts from it. */
function MarkDelivered({ shipment, number }: { shipment: Shipment; number: number }) {
  const mark = useMarkDelivered();
  const failure = refusalOf(mark);
  return (
    <>
      <button type="button" className="btn btn-outline btn-xs self-start" disabled={mark.isPending} onClick={() => mark.mutate({ orderId: shipment.orderId, shipmentId: shipment._id })}>
        {`Mark parcel ${number} delivered`}
      </button>
      {failure && (
        <p role="alert" className="text-error">
          {failure}
        </p>
      )}
    </>
  );
}

/** The parcel's packing slip for the warehouse: its tools, units and serials, no prices. */
function PackingSlip({ shipment, number }: { shipment: Shipment; number: number }) {
  const download = useDownloadPackingSlip();
  return (
    <>
      <PendingButton
        type="button"
        className="btn btn-outline btn-xs self-start"
        pending={download.isPending}
        spinnerSize="xs"
        onClick={() => download.mutate({ orderId: shipment.orderId, shipmentId: shipment._id })}
      >
        {`Packing slip of parcel ${number}`}
      </PendingButton>
      {download.isError && <FormMessage message={describeRequestError(download.error)} />}
    </>
  );
}

/** One parcel: when it left, what was in it (with serial numbers), the carrier and the tracking link; for admins its packing slip and delivery. */
function Parcel({ shipment, number, admin }: { shipment: Shipment; number: number; admin: boolean }) {
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
      {shipment.deliveredAt ? <p>{`Delivered ${dayOf(shipment.deliveredAt)}`}</p> : admin && <MarkDelivered shipment={shipment} number={number} />}
      {admin && <PackingSlip shipment={shipment} number={number} />}
    </li>
  );
}

/** An order's parcels, oldest first (My Orders' card; for admins the Ship and Parcels dialogs, where each has its packing slip and may be marked delivered). */
export function ShipmentList({ orderId, admin = false }: { orderId: string; admin?: boolean }) {
  const shipments = useOrderShipments(orderId);
  if (shipments.isPending) return <p className="text-sm text-base-content/70">Loading parcels…</p>;
  if (shipments.isError) return <p className="text-sm text-error">The parcels could not be loaded.</p>;
  if (shipments.data.length === 0) return null;
  return (
    <section aria-label="Parcels" className="flex flex-col gap-1">
      <h4 className="font-medium">Parcels</h4>
      <ol className="flex flex-col gap-2">
        {shipments.data.map((shipment, index) => (
          <Parcel key={shipment._id} shipment={shipment} number={index + 1} admin={admin} />
        ))}
      </ol>
    </section>
  );
}
