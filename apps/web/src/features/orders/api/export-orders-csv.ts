import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';
import { listPath } from '../../../lib/paged-lists.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { queryOf } from '../order-filters.ts';
import type { AdminOrdersView } from './get-admin-orders.ts';

/** GET /api/adminPurchased/export.csv (admin): every order of the filter and search on screen, as a file. */
async function exportOrdersCsv({ filter, q }: AdminOrdersView): Promise<void> {
  const csv = await apiDownload(listPath('/adminPurchased/export.csv', { ...queryOf(filter), q }));
  saveFile(csv.blob, `voltline-orders-${filter}.csv`);
}

export function useExportOrdersCsv() {
  return useMutation({ mutationFn: exportOrdersCsv });
}
