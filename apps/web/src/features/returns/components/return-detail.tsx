import { useId, useState } from 'react';
import { formatMoney } from '@voltline/shared/money';
import { authoriseReturnSchema, receiveReturnSchema, refuseReturnSchema, type Return } from '@voltline/shared/returns';
import { QueryState } from '../../../components/query-state.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useReturn, useReturnStep } from '../api/returns.ts';

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** Authorise (with instructions) or refuse (with a reason) a requested return. */
function AnswerForm({ ret }: { ret: Return }) {
  const idPrefix = useId();
  const step = useReturnStep();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const authorise = () => {
    const parsed = authoriseReturnSchema.safeParse({ instructions: text || undefined });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Check the instructions');
    setInvalid(null);
    step.mutate({ returnId: ret._id, step: 'authorise', body: parsed.data }, { onSuccess: () => toast.success(`Return ${ret.returnNumber} authorised`) });
  };
  const refuse = () => {
    const parsed = refuseReturnSchema.safeParse({ reason: text });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Say why');
    setInvalid(null);
    step.mutate({ returnId: ret._id, step: 'refuse', body: parsed.data }, { onSuccess: () => toast.success(`Return ${ret.returnNumber} refused`) });
  };
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${idPrefix}-text`} className="text-sm font-medium">
        Instructions to send it back, or why it is refused
      </label>
      <textarea id={`${idPrefix}-text`} className="textarea textarea-bordered" maxLength={500} value={text} onChange={(event) => setText(event.target.value)} />
      <Failure message={invalid ?? refusalOf(step)} />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" disabled={step.isPending} onClick={authorise}>
          Authorise
        </button>
        <button type="button" className="btn btn-outline btn-error btn-sm" disabled={step.isPending} onClick={refuse}>
          Refuse
        </button>
      </div>
    </div>
  );
}

function Failure({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="text-sm text-error">
      {message}
    </p>
  ) : null;
}

/** Receive an authorised return: per line, the units that came and whether they go back to stock or are scrapped. */
function ReceiveForm({ ret }: { ret: Return }) {
  const idPrefix = useId();
  const step = useReturnStep();
  const [restock, setRestock] = useState<Record<string, boolean>>(() => Object.fromEntries(ret.lines.map((line) => [line.toolId ?? '', true])));
  const [invalid, setInvalid] = useState<string | null>(null);
  const receive = () => {
    const parsed = receiveReturnSchema.safeParse({
      lines: ret.lines.flatMap((line) => (line.toolId ? [{ toolId: line.toolId, quantity: line.quantity, restock: restock[line.toolId] ?? true }] : [])),
    });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Check the lines');
    setInvalid(null);
    step.mutate({ returnId: ret._id, step: 'receive', body: parsed.data }, { onSuccess: () => toast.success(`Return ${ret.returnNumber} received`) });
  };
  return (
    <div className="flex flex-col gap-2">
      {ret.lines.map((line) => (
        <div key={line.toolId ?? line.product} className="flex flex-col gap-1">
          <label htmlFor={`${idPrefix}-${line.toolId}`} className="text-sm font-medium">{`${line.quantity} x ${line.product}`}</label>
          <select
            id={`${idPrefix}-${line.toolId}`}
            className="select select-bordered select-sm w-48"
            value={restock[line.toolId ?? ''] === false ? 'scrap' : 'restock'}
            onChange={(event) => setRestock((current) => ({ ...current, [line.toolId ?? '']: event.target.value === 'restock' }))}
          >
            <option value="restock">Back to stock</option>
            <option value="scrap">Scrap (faulty)</option>
          </select>
        </div>
      ))}
      <Failure message={invalid ?? refusalOf(step)} />
      <button type="button" className="btn btn-primary btn-sm self-start" disabled={step.isPending} onClick={receive}>
        Receive
      </button>
    </div>
  );
}

/** Refund a received return: its lines' share of what was paid, through the order's refund and credit note. */
function RefundForm({ ret }: { ret: Return }) {
  const step = useReturnStep();
  const refund = () =>
    step.mutate({ returnId: ret._id, step: 'refund', body: {} }, { onSuccess: (done) => toast.success(`Return ${ret.returnNumber} refunded: ${formatMoney(done.refundedAmount ?? 0)}`) });
  return (
    <div className="flex flex-col gap-2">
      <Failure message={refusalOf(step)} />
      <button type="button" className="btn btn-primary btn-sm self-start" disabled={step.isPending} onClick={refund}>
        Refund
      </button>
    </div>
  );
}

/** One return as admins work it: the order, the lines and serials, the history and the next step. */
export function ReturnDetail({ returnId }: { returnId: string }) {
  const query = useReturn(returnId);
  return (
    <QueryState query={query} loadingLabel="Loading the return">
      {(ret) => (
        <article className="flex flex-col gap-3 rounded-box border border-base-300 p-4" aria-label={`Return ${ret.returnNumber}`}>
          <h3 className="text-lg font-bold">{`Return ${ret.returnNumber}: ${ret.status}`}</h3>
          <p className="wrap-break-word">{`Order ${ret.orderNumber}, ${ret.buyerEmail}. Reason: ${ret.reason}.`}</p>
          {ret.comment && <p className="wrap-break-word">{`Comment: ${ret.comment}`}</p>}
          <ul className="list-disc ps-5">
            {ret.lines.map((line) => (
              <li key={line.toolId ?? line.product} className="wrap-break-word">
                {`${line.quantity} x ${line.product}`}
                {line.serialNumbers.length > 0 && <span className="block font-mono text-xs">{`Serial numbers: ${line.serialNumbers.join(', ')}`}</span>}
                {line.receivedQuantity !== null && <span className="block text-sm">{`Received ${line.receivedQuantity}, ${line.restocked ? 'back to stock' : 'scrapped'}`}</span>}
              </li>
            ))}
          </ul>
          {ret.refundedAmount !== null && <p>{`Refunded: ${formatMoney(ret.refundedAmount)}`}</p>}
          <section aria-label="History">
            <h4 className="font-medium">History</h4>
            <ol className="text-sm">
              {ret.history.map((event, index) => (
                <li key={index} className="wrap-break-word">{`${when(event.at)}: ${event.detail}`}</li>
              ))}
            </ol>
          </section>
          {ret.status === 'requested' && <AnswerForm ret={ret} />}
          {ret.status === 'authorised' && <ReceiveForm ret={ret} />}
          {ret.status === 'received' && <RefundForm ret={ret} />}
        </article>
      )}
    </QueryState>
  );
}
