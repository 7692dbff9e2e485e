import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';
import { listPath } from '../../../lib/paged-lists.ts';
import { queryOf } from '../order-filters.ts';
import type { AdminOrdersView } from './get-admin-orders.ts';

/** GET /api/adminPurchased/export.csv (admin): every order of the filter and search on screen, as a file. */
export async function exportOrdersCsv({ filter, q }: AdminOrdersView): Promise<void> {
  const csv = await apiDownload(listPath('/adminPurchased/export.csv', { ...queryOf(filter), q }));
  saveFile(csv, `voltline-orders-${filter}.csv`);
}

/** Hands a file to the browser's download through a temporary link. */
function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  // Firefox only follows a link that is in the document.
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the download has taken its copy by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportOrdersCsv() {
  return useMutation({ mutationFn: exportOrdersCsv });
}
