import { refusalOf } from '../../../lib/api-client.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useExportOrdersCsv } from '../api/export-orders-csv.ts';
import type { AdminOrdersView } from '../api/get-admin-orders.ts';

/** Downloads every order of the filter and search on screen (all pages) as a CSV file. */
export function ExportOrdersButton({ view }: { view: AdminOrdersView }) {
  const exportCsv = useExportOrdersCsv();
  return (
    <div className="flex flex-col items-end gap-1">
      <PendingButton
        type="button"
        className="btn btn-sm btn-outline"
        onClick={() => exportCsv.mutate(view)}
        pending={exportCsv.isPending}
        spinnerSize="xs"
      >
        Export CSV
      </PendingButton>
      <FormMessage message={refusalOf(exportCsv)} />
    </div>
  );
}
