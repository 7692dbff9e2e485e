import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';
import { queryStringOf, type OrderFilter } from '../order-filters.ts';

/** GET /api/adminPurchased/export.csv (admin): the filtered orders as a file. */
export async function exportOrdersCsv(filter: OrderFilter): Promise<void> {
  const csv = await apiDownload(`/adminPurchased/export.csv${queryStringOf(filter)}`);
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
