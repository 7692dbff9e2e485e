import { describeRequestError } from '../../../lib/api-client.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useExportOrdersCsv } from '../api/export-orders-csv.ts';
import type { OrderFilter } from '../order-filters.ts';

/** Downloads the orders of the view on screen as a CSV file. */
export function ExportOrdersButton({ filter }: { filter: OrderFilter }) {
  const exportCsv = useExportOrdersCsv();
  return (
    <div className="flex flex-col items-end gap-1">
      <PendingButton
        type="button"
        className="btn btn-sm btn-outline"
        onClick={() => exportCsv.mutate(filter)}
        pending={exportCsv.isPending}
        spinnerSize="xs"
      >
        Export CSV
      </PendingButton>
      <FormMessage message={exportCsv.isError ? describeRequestError(exportCsv.error) : null} />
    </div>
  );
}
