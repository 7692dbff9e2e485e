import { useId, useState } from 'react';
import type { Order } from '@voltline/shared/order';
import { carrierInputSchema, createShipmentSchema, type CreateShipment, type Shipment } from '@voltline/shared/shipments';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { FormField } from '../../../components/form-field.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useCarriers, useCreateShipment, useOrderShipments, useSaveCarrier } from '../api/shipments.ts';
import { ShipmentList } from './shipment-list.tsx';

/** The carrier select's choice that opens the fields of a new carrier. */
const NEW_CARRIER = '__new';

/** Each tool of the order with the units not yet in a parcel (lines of a deleted tool ship with Deliver only). */
function unitsLeft(order: Order, shipments: readonly Shipment[]) {
  const byTool = new Map<string, { toolId: string; product: string; left: number }>();
  for (const line of order.lines) {
    if (line.toolId === null) continue;
    const tool = byTool.get(line.toolId) ?? { toolId: line.toolId, product: line.product, left: 0 };
    tool.left += line.quantity;
    byTool.set(line.toolId, tool);
  }
  for (const shipment of shipments) {
    for (const line of shipment.lines) {
      const tool = line.toolId === null ? undefined : byTool.get(line.toolId);
      if (tool) tool.left -= line.quantity;
    }
  }
  return [...byTool.values()].filter((tool) => tool.left > 0);
}

/** Serial numbers as typed, one a line or separated by commas. */
const serialsOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((serial) => serial.trim())
    .filter(Boolean);

/**
 * Ships a parcel of a paid order (issue 38): units per tool (all that is left by default), the
 * carrier (or a new one with its tracking address), the tracking number and the units' serial
 * numbers. The request is checked by the server's own schema before it is sent; a refusal stays in view.
 */
export function ShipParcelDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const idPrefix = useId();
  const shipments = useOrderShipments(order._id);
  const carriers = useCarriers();
  const createShipment = useCreateShipment();
  const saveCarrier = useSaveCarrier();
  const tools = unitsLeft(order, shipments.data ?? []);
  const [units, setUnits] = useState<Record<string, string>>({});
  const [serials, setSerials] = useState<Record<string, string>>({});
  const [carrier, setCarrier] = useState('');
  const [newCarrier, setNewCarrier] = useState({ name: '', trackingUrlTemplate: '' });
  const [trackingNumber, setTrackingNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const chosenCarrier = carrier || carriers.data?.[0]?.name || NEW_CARRIER;

  const ship = async () => {
    setProblem(null);
    const request: CreateShipment = {
      lines: tools.map((tool) => ({ toolId: tool.toolId, quantity: Number(units[tool.toolId] ?? tool.left) })).filter((line) => line.quantity !== 0),
      carrier: chosenCarrier === NEW_CARRIER ? newCarrier.name : chosenCarrier,
      trackingNumber,
      serialNumbers: Object.fromEntries(tools.map((tool) => [tool.toolId, serialsOf(serials[tool.toolId] ?? '')]).filter(([, list]) => list.length > 0)),
    };
    const checked = createShipmentSchema.safeParse(request);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? 'Check the parcel');
    if (chosenCarrier === NEW_CARRIER) {
      const carrierChecked = carrierInputSchema.safeParse(newCarrier);
      if (!carrierChecked.success) return setProblem(carrierChecked.error.issues[0]?.message ?? 'Check the carrier');
      try {
        await saveCarrier.mutateAsync(carrierChecked.data);
      } catch {
        return undefined;
      }
    }
    createShipment.mutate(
      { orderId: order._id, shipment: checked.data },
      {
        onSuccess: () => {
          toast.success('Parcel shipped successfully');
          onClose();
        },
      },
    );
    return undefined;
  };

  return (
    <ModalDialog
      title="Ship a parcel"
      onClose={onClose}
      closeLabel="Close"
      confirm={{
        label: 'Ship parcel',
        onConfirm: () => void ship(),
        pending: createShipment.isPending || saveCarrier.isPending,
        failure: problem ?? refusalOf([createShipment, saveCarrier]),
        disabled: shipments.isPending || carriers.isPending || tools.length === 0,
        tone: 'primary',
      }}
    >
      <div className="flex flex-col gap-3">
        <p className="wrap-break-word">{`${order.buyer} (${order.buyerEamil}), ${order.address}`}</p>
        <ShipmentList orderId={order._id} admin />
        {tools.length === 0 && !shipments.isPending && <p>Every unit of this order has been shipped.</p>}
        {tools.map((tool) => (
          <fieldset key={tool.toolId} className="fieldset rounded-box border border-base-200 p-2">
            <legend className="fieldset-legend wrap-break-word">{`${tool.product} (${tool.left} left)`}</legend>
            <FormField id={`${idPrefix}-units-${tool.toolId}`} label="Units in this parcel" error={undefined}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={tool.left}
                  className="input w-full"
                  value={units[tool.toolId] ?? String(tool.left)}
                  onChange={(event) => setUnits({ ...units, [tool.toolId]: event.target.value })}
                />
              )}
            </FormField>
            <FormField id={`${idPrefix}-serials-${tool.toolId}`} label="Serial numbers, one a line" error={undefined}>
              {(control) => (
                <textarea
                  {...control}
                  rows={2}
                  className="textarea w-full"
                  value={serials[tool.toolId] ?? ''}
                  onChange={(event) => setSerials({ ...serials, [tool.toolId]: event.target.value })}
                />
              )}
            </FormField>
          </fieldset>
        ))}
        <FormField id={`${idPrefix}-carrier`} label="Carrier" error={undefined}>
          {(control) => (
            <select {...control} className="select w-full" value={chosenCarrier} onChange={(event) => setCarrier(event.target.value)}>
              {(carriers.data ?? []).map((known) => (
                <option key={known._id} value={known.name}>
                  {known.name}
                </option>
              ))}
              <option value={NEW_CARRIER}>Another carrier…</option>
            </select>
          )}
        </FormField>
        {chosenCarrier === NEW_CARRIER && (
          <>
            <FormField id={`${idPrefix}-carrier-name`} label="Carrier's name" error={undefined}>
              {(control) => <input {...control} className="input w-full" value={newCarrier.name} onChange={(event) => setNewCarrier({ ...newCarrier, name: event.target.value })} />}
            </FormField>
            <FormField id={`${idPrefix}-carrier-template`} label="Tracking address, with {tracking} where the number goes" error={undefined}>
              {(control) => (
                <input
                  {...control}
                  type="url"
                  className="input w-full"
                  placeholder="https://carrier.example/track?number={tracking}"
                  value={newCarrier.trackingUrlTemplate}
                  onChange={(event) => setNewCarrier({ ...newCarrier, trackingUrlTemplate: event.target.value })}
                />
              )}
            </FormField>
          </>
        )}
        <FormField id={`${idPrefix}-tracking`} label="Tracking number" error={undefined}>
          {(control) => <input {...control} className="input w-full" value={trackingNumber} onChange={(event) => setTrackingNumber(event.target.value)} />}
        </FormField>
      </div>
    </ModalDialog>
  );
}
