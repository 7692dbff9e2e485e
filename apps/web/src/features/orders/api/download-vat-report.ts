import { useMutation } from '@tanstack/react-query';
import { vatReportPath } from '@voltline/shared/vat-report';
import { apiDownload } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** GET /api/admin/vat-report?month=YYYY-MM (admin): the month's VAT per rate, as a CSV file for the accountant. */
async function downloadVatReport(month: string): Promise<void> {
  const csv = await apiDownload(vatReportPath(month));
  saveFile(csv.blob, csv.fileName ?? `voltline-vat-${month}.csv`);
}

export function useDownloadVatReport() {
  return useMutation({ mutationFn: downloadVatReport });
}
