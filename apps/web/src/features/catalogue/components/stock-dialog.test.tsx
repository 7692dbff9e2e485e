import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StockMove } from '@voltline/shared/stock-moves';
import { stockBelowPromisedMessage } from '@voltline/shared/tool';
import { sampleDrill } from '../../../testing/sample-tools.ts';
import { renderWithShop, type ApiAnswer, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { StockDialog } from './stock-dialog.tsx';

const drill = sampleDrill;

const admin = { userId: 'admin-1', email: 'owner@voltline.example', name: 'Olive Owner' };
const history: StockMove[] = [
  { _id: '00000000-0000-4000-8000-0000000000b2', kind: 'shipped', units: -10, levelAfter: 40, note: '', by: admin, orderId: '00000000-0000-4000-8000-0000000000c1', at: '2026-11-26T10:00:00.000Z' },
  { _id: '00000000-0000-4000-8000-0000000000b1', kind: 'opening', units: 50, levelAfter: 50, note: 'stock when the ledger began', by: null, orderId: null, at: '2026-11-20T10:00:00.000Z' },
];

function renderDialog(answerMove: (request: SentRequest) => ApiAnswer = () => ({ status: 200, body: { move: { ...history[0], kind: 'received', units: 50, levelAfter: 90, orderId: null }, availableQuantity: 90 } })) {
  const view = renderWithShop(<StockDialog tool={drill} onClose={() => undefined} />, (request) =>
    request.method !== 'GET' ? answerMove(request) : request.path.endsWith('/stock-alerts') ? { status: 200, body: { waiting: 2 } } : { status: 200, body: history },
  );
  const writes = () => view.sent.filter((request) => request.method !== 'GET');
  return { ...view, writes };
}

/** Issue 37, decision 041: Manage Tools, Stock receives, counts and scraps, and shows the history with the running level. */
describe('stock dialog', () => {
  it("shows the tool's stock history, newest first, with the level after each movement and who made it", async () => {
    renderDialog();
    const rows = await screen.findAllByTestId('stock-move');
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent))).toEqual([
      ['Shipped (order 00000000)', '-10', '40', '', 'Olive Owner'],
      ['Opening stock', '+50', '50', 'stock when the ledger began', 'the shop'],
    ]);
  });

  it('says how many wait for a back-in-stock mail', async () => {
    renderDialog();
    expect((await screen.findByTestId('waiting-alerts')).textContent).toBe('Back in stock: 2 waiting for a mail, sent when customers can order it again.');
  });

  it('receives a batch with its note', async () => {
    const { user, writes } = renderDialog();
    await user.type(screen.getByLabelText('Units received'), '50');
    await user.type(screen.getByLabelText(/^Note/), 'batch B-2026-11');
    await user.click(screen.getByRole('button', { name: 'Receive stock' }));
    await expect.poll(() => writes()).toEqual([{ method: 'POST', path: `/api/admin/tools/${drill._id}/stock-moves`, body: { kind: 'received', units: 50, note: 'batch B-2026-11' } }]);
  });

  it('corrects a count: sends the counted units, and refuses without a note in the shop words, sending nothing', async () => {
    const { user, writes } = renderDialog();
    await user.selectOptions(screen.getByLabelText('What happened'), 'counted');
    await user.type(screen.getByLabelText('Counted units'), '47');
    await user.click(screen.getByRole('button', { name: 'Correct count' }));
    await screen.findByText(/Say what the count was/);
    expect(writes()).toEqual([]);
    await user.type(screen.getByLabelText(/^Note/), 'November count');
    await user.click(screen.getByRole('button', { name: 'Correct count' }));
    await expect.poll(() => writes()).toEqual([{ method: 'POST', path: `/api/admin/tools/${drill._id}/stock-moves`, body: { kind: 'counted', countedUnits: 47, note: 'November count' } }]);
  });

  it("refuses a scrap of no units before sending, and shows the shop's refusal below what paid orders wait for", async () => {
    const { user, writes } = renderDialog(() => ({ status: 409, body: { error: 'conflict', message: stockBelowPromisedMessage(38) } }));
    await user.selectOptions(screen.getByLabelText('What happened'), 'scrapped');
    await user.type(screen.getByLabelText('Units scrapped'), '0');
    await user.type(screen.getByLabelText(/^Note/), 'dropped in the warehouse');
    await user.click(screen.getByRole('button', { name: 'Scrap' }));
    await screen.findByText('Units scrapped must be at least 1');
    expect(writes()).toEqual([]);
    await user.clear(screen.getByLabelText('Units scrapped'));
    await user.type(screen.getByLabelText('Units scrapped'), '3');
    await user.click(screen.getByRole('button', { name: 'Scrap' }));
    await screen.findByText(stockBelowPromisedMessage(38));
    expect(writes()).toHaveLength(1);
  });
});
