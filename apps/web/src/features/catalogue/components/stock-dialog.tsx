import { useState } from 'react';
import type { z } from 'zod';
import { formatCount, formatShortDateTime } from '@voltline/shared/shop-constants';
import { stockMoveRequestSchema, type StockMove, type StockMoveKind, type StockMoveRequest } from '@voltline/shared/stock-moves';
import type { Tool } from '@voltline/shared/tool';
import { wholeNumberFromText } from '@voltline/shared/whole-number';
import { DataTable } from '../../../components/data-table.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { LoadMoreList } from '../../../components/load-more-list.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { WholeNumberField } from '../../../components/whole-number-field.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useWaitingStockAlerts } from '../api/stock-alerts.ts';
import { useRecordStockMove, useStockHistory } from '../api/stock-moves.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

type AdminMove = StockMoveRequest['kind'];
type StockMoveFormInput = z.input<typeof stockMoveRequestSchema>;

/** An empty form for one kind of move (the discriminated union has no empty member). */
const blankMove = (kind: AdminMove) => ({ kind }) as StockMoveFormInput;

/** What the admin does, in the words of the dialog's button, and the number asked for. */
const MOVES: Record<AdminMove, { action: string; unitsLabel: string; done: string }> = {
  received: { action: 'Receive stock', unitsLabel: 'Units received', done: 'Stock received' },
  counted: { action: 'Correct count', unitsLabel: 'Counted units', done: 'Count recorded' },
  scrapped: { action: 'Scrap', unitsLabel: 'Units scrapped', done: 'Units scrapped' },
};

const KIND_WORDS: Record<StockMoveKind, string> = {
  opening: 'Opening stock',
  received: 'Received',
  counted: 'Counted',
  shipped: 'Shipped',
  returned: 'Returned',
  scrapped: 'Scrapped',
};

const HISTORY_COLUMNS = ['When', 'Movement', 'Units', 'Stock after', 'Note', 'By'];

/** How many visitors wait for a back-in-stock mail (decision 045): the next receipt that brings the tool back mails them. */
function WaitingAlerts({ toolId }: { toolId: string }) {
  const waiting = useWaitingStockAlerts(toolId).data?.waiting;
  if (waiting === undefined) return null;
  return (
    <p data-testid="waiting-alerts">
      {waiting === 0 ? 'No one is waiting for a back-in-stock mail.' : `Back in stock: ${formatCount(waiting)} waiting for a mail, sent when customers can order it again.`}
    </p>
  );
}

function StockHistory({ toolId }: { toolId: string }) {
  const history = useStockHistory(toolId);
  return (
    <section aria-label="Stock history" className="flex flex-col gap-2">
      <h3 className="font-semibold">Stock history</h3>
      <LoadMoreList list={history} loadingLabel="Loading the stock history" spinnerClassName="py-6" emptyText="No stock movement yet.">
        {(moves) => (
          <DataTable caption="Stock history" columns={HISTORY_COLUMNS}>
            {moves.map((move: StockMove) => (
              <tr key={move._id} data-testid="stock-move">
                <td>{formatShortDateTime(move.at)}</td>
                <td>{move.orderId ? `${KIND_WORDS[move.kind]} (order ${move.orderId.slice(0, 8)})` : KIND_WORDS[move.kind]}</td>
                <td>{move.units > 0 ? `+${formatCount(move.units)}` : formatCount(move.units)}</td>
                <td>{formatCount(move.levelAfter)}</td>
                <td className="break-words">{move.note}</td>
                <td>{move.by ? (move.by.name ?? move.by.email) : 'the shop'}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </LoadMoreList>
    </section>
  );
}

/**
 * Manage Tools, Stock (decision 041): receive a batch, correct the stock after a count, or scrap
 * units, each with a note; the tool's stock history below, with the level after each movement.
 */
export function StockDialog({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const [kind, setKind] = useState<AdminMove>('received');
  const { register, handleSubmit, reset, errors, formState } = useZodForm(stockMoveRequestSchema, blankMove('received'));
  const recordMove = useRecordStockMove();
  const move = MOVES[kind];
  const unitsField = kind === 'counted' ? 'countedUnits' : 'units';
  const fieldErrors = errors as Partial<Record<'units' | 'countedUnits' | 'note', { message?: string }>>;

  const chooseKind = (next: AdminMove) => {
    setKind(next);
    recordMove.reset();
    reset(blankMove(next));
  };

  const save = (request: StockMoveRequest) =>
    recordMove.mutate(
      { toolId: tool._id, move: request },
      {
        onSuccess: (answer) => {
          toast.success(answer.move ? `${move.done}: ${formatCount(answer.availableQuantity)} in stock` : `The count matches the stock: ${formatCount(answer.availableQuantity)}`);
          reset(blankMove(kind));
        },
      },
    );

  return (
    <ModalDialog
      title="Stock"
      description={`${tool.toolName}: ${formatCount(tool.availableQuantity)} in stock.`}
      onClose={onClose}
      closeLabel="Close"
      wide
      confirm={{
        label: move.action,
        onConfirm: () => {
          recordMove.reset();
          void handleSubmit(save)();
        },
        pending: formState.isSubmitting || recordMove.isPending,
        // The refusal is the mutation's own error: a new attempt or another kind of move resets it.
        failure: refusalOf(recordMove),
        tone: kind === 'scrapped' ? 'error' : 'primary',
      }}
    >
      <div className="flex flex-col gap-3">
        <FormField id="stock-kind" label="What happened" error={undefined}>
          {(control) => (
            <select {...control} className="select w-full" value={kind} onChange={(event) => chooseKind(event.target.value as AdminMove)}>
              {Object.entries(MOVES).map(([value, { action }]) => (
                <option key={value} value={value}>
                  {action}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <WholeNumberField
          key={unitsField}
          id={`stock-${unitsField}`}
          label={move.unitsLabel}
          error={fieldErrors[unitsField]?.message}
          registration={register(unitsField, { setValueAs: wholeNumberFromText })}
        />
        <TextField
          id="stock-note"
          label={kind === 'received' ? 'Note (batch number, optional)' : 'Note (why)'}
          error={fieldErrors.note?.message}
          registration={register('note')}
          type="text"
          autoComplete="off"
        />
        <WaitingAlerts toolId={tool._id} />
        <StockHistory toolId={tool._id} />
      </div>
    </ModalDialog>
  );
}
