import { useId, useState } from 'react';
import type { Order } from '@voltline/shared/order';
import { createReturnSchema, RETURN_REASONS, returnButton, WITHDRAW_BUTTON, type Return, type ReturnReason } from '@voltline/shared/returns';
import type { Shipment } from '@voltline/shared/shipments';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { useRequestReturn, useReturnWindow, useShippedUnits } from '../api/returns.ts';
import { OptionList } from '../../../components/option-list.tsx';

/** A return's time as its acknowledgement mail states it: the date and the minute, in UTC. */
const returnTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** What was shipped of each tool of the order, with the serial numbers of its units. */
function shippedTools(shipments: readonly Shipment[]) {
  const byTool = new Map<string, { toolId: string; product: string; units: number; serials: string[] }>();
  for (const line of shipments.flatMap((shipment) => shipment.lines)) {
    if (line.toolId === null) continue;
    const tool = byTool.get(line.toolId) ?? { toolId: line.toolId, product: line.product, units: 0, serials: [] };
    tool.units += line.quantity;
    tool.serials.push(...line.serialNumbers);
    byTool.set(line.toolId, tool);
  }
  return [...byTool.values()];
}

/** The acknowledgement the directive asks for, on the page at once (the mail carries the same). */
function ReturnAcknowledgement({ answer }: { answer: Return }) {
  return (
    <div role="status" className="rounded-box border border-success p-2 text-sm" data-testid="return-acknowledgement">
      <p className="font-semibold">{answer.reason === 'withdrawal' ? 'Your withdrawal is received' : 'Your return request is received'}</p>
      <p>{`Return ${answer.returnNumber}, ${returnTime(answer.requestedAt)}`}</p>
      <ul className="list-disc ps-5">
        {answer.lines.map((line) => (
          <li key={line.toolId ?? line.product} className="wrap-break-word">
            {`${line.quantity} x ${line.product}`}
            {line.serialNumbers.length > 0 && ` (serial numbers ${line.serialNumbers.join(', ')})`}
          </li>
        ))}
      </ul>
      <p>We have mailed you this acknowledgement and will tell you how to send the units back.</p>
    </div>
  );
}

/** The dialog: which units go back (serials picked for serialised tools), why, and a comment. */
function ReturnDialog({ order, label, withdrawal, onClose, onDone }: { order: Order; label: string; withdrawal: boolean; onClose: () => void; onDone: (answer: Return) => void }) {
  const idPrefix = useId();
  const shipments = useShippedUnits(order._id);
  const tools = shippedTools(shipments.data ?? []);
  const [units, setUnits] = useState<Record<string, number>>({});
  const [serials, setSerials] = useState<Record<string, string[]>>({});
  const [reason, setReason] = useState<ReturnReason>(withdrawal ? 'withdrawal' : 'faulty');
  const [comment, setComment] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const request = useRequestReturn();
  const reasons = withdrawal ? RETURN_REASONS : RETURN_REASONS.filter((candidate) => candidate !== 'withdrawal');

  const send = () => {
    const lines = tools.flatMap((tool) => {
      const picked = serials[tool.toolId] ?? [];
      const quantity = tool.serials.length > 0 ? picked.length : (units[tool.toolId] ?? 0);
      return quantity > 0 ? [{ toolId: tool.toolId, quantity, ...(tool.serials.length > 0 ? { serialNumbers: picked } : {}) }] : [];
    });
    const parsed = createReturnSchema.safeParse({ lines, reason, comment: comment || undefined });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    setInvalid(null);
    request.mutate({ orderId: order._id, request: parsed.data }, { onSuccess: onDone });
  };

  return (
    <ModalDialog
      title={label}
      description={`Order ${order.orderNumber}: pick the units you send back.`}
      onClose={onClose}
      confirm={{ label: withdrawal && reason === 'withdrawal' ? 'Confirm withdrawal' : 'Send return request', onConfirm: send, pending: request.isPending, failure: invalid ?? refusalOf(request), tone: 'primary' }}
    >
      {tools.map((tool) =>
        tool.serials.length > 0 ? (
          <fieldset key={tool.toolId} className="flex flex-col gap-1">
            <legend className="text-sm font-medium">{tool.product}</legend>
            {tool.serials.map((serial) => (
              <label key={serial} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={(serials[tool.toolId] ?? []).includes(serial)}
                  onChange={(event) =>
                    setSerials((current) => {
                      const picked = current[tool.toolId] ?? [];
                      return { ...current, [tool.toolId]: event.target.checked ? [...picked, serial] : picked.filter((other) => other !== serial) };
                    })
                  }
                />
                <span className="font-mono">{`Serial number ${serial}`}</span>
              </label>
            ))}
          </fieldset>
        ) : (
          <div key={tool.toolId} className="flex flex-col gap-1">
            <label htmlFor={`${idPrefix}-${tool.toolId}`} className="text-sm font-medium">{`${tool.product}: units to send back (of ${tool.units} shipped)`}</label>
            <input
              id={`${idPrefix}-${tool.toolId}`}
              type="number"
              min={0}
              max={tool.units}
              className="input input-bordered w-28"
              value={units[tool.toolId] ?? 0}
              onChange={(event) => setUnits((current) => ({ ...current, [tool.toolId]: Number(event.target.value) }))}
            />
          </div>
        ),
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-reason`} className="text-sm font-medium">
          Reason
        </label>
        <select id={`${idPrefix}-reason`} className="select select-bordered" value={reason} onChange={(event) => setReason(event.target.value as ReturnReason)}>
          <OptionList values={reasons} label={(candidate) => (candidate === 'withdrawal' ? 'Withdrawal (no reason needed)' : candidate)} />
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-comment`} className="text-sm font-medium">
          Comment (optional)
        </label>
        <textarea id={`${idPrefix}-comment`} className="textarea textarea-bordered" maxLength={500} value={comment} onChange={(event) => setComment(event.target.value)} />
      </div>
    </ModalDialog>
  );
}

/**
 * My Orders' card of a shipped or partly shipped order: "Withdraw from contract" while the
 * withdrawal period runs (art. 11a of Directive 2011/83/EU), then "Return or claim warranty" while a
 * warranty runs; the acknowledgement is shown as soon as the shop has the return.
 */
export function ReturnRequest({ order }: { order: Order }) {
  const window = useReturnWindow(order._id);
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<Return | null>(null);
  const label = window.data ? returnButton(window.data, new Date()) : undefined;
  return (
    <>
      {answer && <ReturnAcknowledgement answer={answer} />}
      {label && (
        <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => setOpen(true)}>
          {label}
        </button>
      )}
      {open && label && (
        <ReturnDialog
          order={order}
          label={label}
          withdrawal={label === WITHDRAW_BUTTON}
          onClose={() => setOpen(false)}
          onDone={(done) => {
            setAnswer(done);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
