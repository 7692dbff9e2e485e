import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CatalogueDryRun } from '@voltline/shared/catalogue-import';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { CatalogueImportForm } from './catalogue-import-form.tsx';

const BAD = 'sku,price\r\nA-1,0';
const FIXED = 'sku,price\r\nA-1,12.50';

const refusedRun: CatalogueDryRun = { rows: 1, created: [], changed: [], unchanged: 0, refused: [{ row: 2, column: 'price', message: 'Unit price must be greater than 0' }], token: null };
const checkedRun: CatalogueDryRun = {
  rows: 1,
  created: [],
  changed: [{ row: 2, toolId: '00000000-0000-4000-8000-0000000000a1', toolName: 'Drill', changes: [{ field: 'price', from: '10', to: '12.5' }] }],
  unchanged: 0,
  refused: [],
  token: 'file.plan',
};

function renderForm() {
  const view = renderWithShop(<CatalogueImportForm />, (request) =>
    request.path.endsWith('/dry-run')
      ? { status: 200, body: (request.body as { csv: string }).csv === BAD ? refusedRun : checkedRun }
      : { status: 200, body: { acknowledged: true, created: 0, changed: 1, unchanged: 0 } },
  );
  const choose = (csv: string) => view.user.upload(screen.getByLabelText('CSV file to import'), new File([csv], 'tools.csv', { type: 'text/csv' }));
  return { ...view, choose };
}

/** Issue 40, item 8 (decision 053): a file is checked first; only one with nothing refused can be imported, with its dry run's token. */
describe('catalogue import form', () => {
  it('shows a refused row with its column and words, and offers no import', async () => {
    const { choose } = renderForm();
    await choose(BAD);
    const table = await screen.findByRole('table', { name: 'Refused rows' });
    expect(within(table).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', 'price', 'Unit price must be greater than 0']);
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });

  it('shows the changes field by field and imports the checked file with its token', async () => {
    const { choose, user, sent } = renderForm();
    await choose(FIXED);
    const table = await screen.findByRole('table', { name: 'Changes, field by field' });
    expect(within(table).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', 'Drill', 'price', '10', '12.5']);
    await user.click(screen.getByRole('button', { name: 'Import 1 tool' }));
    await screen.findByText('Imported tools.csv: 0 added, 1 changed, 0 unchanged.');
    expect(sent.filter((request) => request.path === '/api/admin/catalogue/import')).toEqual([{ method: 'POST', path: '/api/admin/catalogue/import', body: { csv: FIXED, token: 'file.plan' } }]);
  });
});
