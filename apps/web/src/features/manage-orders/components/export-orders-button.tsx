import { describeRequestError } from '../../../lib/api-client.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { useExportOrdersCsv } from '../api/export-orders-csv.ts';
import type { OrderFilter } from '../order-filters.ts';

/** Downloads the orders of the view on screen as a CSV file. */
export function ExportOrdersButton({ filter }: { filter: OrderFilter }) {
  const exportCsv = useExportOrdersCsv();
  return (
    <div className="flex flex-col items-end gap-1">
      <button type="button" className="btn btn-sm btn-outline" onClick={() => exportCsv.mutate(filter)} disabled={exportCsv.isPending}>
        {exportCsv.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Export CSV
      </button>
      <FormMessage message={exportCsv.isError ? describeRequestError(exportCsv.error) : null} />
    </div>
  );
}
