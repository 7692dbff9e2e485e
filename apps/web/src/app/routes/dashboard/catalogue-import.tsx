import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { useExportCatalogueCsv } from '../../../features/catalogue/api/catalogue-csv.ts';
import { CatalogueImportForm } from '../../../features/catalogue/components/catalogue-import-form.tsx';

/** Admin: the catalogue out as a CSV file and in from one (issue 40, item 8; decision 053). */
export function CatalogueImportPage() {
  const exportCsv = useExportCatalogueCsv();
  return (
    <section className="flex max-w-4xl flex-col gap-6">
      <h2 className="text-2xl font-bold">Import / export</h2>
      <div className="flex flex-col gap-2">
        <h3 className="text-lg font-semibold">Export</h3>
        <p>Every tool with its category and specifications, one column each, as the import reads it back.</p>
        <PendingButton type="button" className="btn btn-outline self-start" pending={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
          Download the catalogue (CSV)
        </PendingButton>
        <FormMessage message={refusalOf(exportCsv)} />
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-lg font-semibold">Import</h3>
        <p>
          A row finds its tool by SKU, else by _id; a row with neither adds a tool, and columns left out stay as they are. The file is checked first: nothing is written until you
          import it, and then every row or none.
        </p>
        <CatalogueImportForm />
      </div>
    </section>
  );
}
