import { useState } from 'react';
import { CATALOGUE_IMPORT_LIMITS, type CatalogueDryRun } from '@voltline/shared/catalogue-import';
import { formatCount } from '@voltline/shared/validation-messages';
import { DataTable } from '../../../components/data-table.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { useCatalogueDryRun, useImportCatalogue } from '../api/catalogue-csv.ts';

/** Rows of each table drawn at once: a 5,000-row file's changes stay readable and quick to draw. */
const ROWS_SHOWN = 100;

const tooLarge = `The file is larger than ${formatCount(CATALOGUE_IMPORT_LIMITS.bytes / 1024 / 1024)} MB: split it.`;

/** One list of the dry run as a table, its first rows only; nothing when the list is empty. */
function DryRunTable({ heading, caption, columns, rows }: { heading: string; caption: string; columns: string[]; rows: (string | number)[][] }) {
  if (rows.length === 0) return null;
  return (
    <>
      <h4 className="font-semibold">{heading}</h4>
      <DataTable caption={caption} columns={columns}>
        {rows.slice(0, ROWS_SHOWN).map((cells, index) => (
          <tr key={index}>
            {cells.map((cell, column) => (
              <td key={column}>{cell}</td>
            ))}
          </tr>
        ))}
      </DataTable>
    </>
  );
}

function DryRunTables({ dryRun }: { dryRun: CatalogueDryRun }) {
  const changes = dryRun.changed.flatMap((tool) => tool.changes.map((change) => ({ ...change, row: tool.row, toolName: tool.toolName })));
  return (
    <div className="flex flex-col gap-4">
      <p aria-live="polite">
        {formatCount(dryRun.rows)} rows: {formatCount(dryRun.created.length)} to add, {formatCount(dryRun.changed.length)} to change, {formatCount(dryRun.unchanged)} unchanged,{' '}
        {formatCount(dryRun.refused.length)} refused.
      </p>
      <DryRunTable
        heading="Refused: fix these rows, then check the file again"
        caption="Refused rows"
        columns={['Row', 'Column', 'Why']}
        rows={dryRun.refused.map((refusal) => [refusal.row, refusal.column, refusal.message])}
      />
      {dryRun.created.length > 0 && (
        <details>
          <summary>New tools ({formatCount(dryRun.created.length)})</summary>
          <ul className="list-disc pl-6">
            {dryRun.created.slice(0, ROWS_SHOWN).map((tool) => (
              <li key={tool.row}>
                Row {tool.row}: {tool.toolName}
                {tool.sku ? ` (${tool.sku})` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
      <DryRunTable
        heading="Changes, field by field"
        caption="Changes, field by field"
        columns={['Row', 'Tool', 'Field', 'Now', 'After']}
        rows={changes.map((change) => [change.row, change.toolName, change.field, change.from, change.to])}
      />
      {Math.max(dryRun.refused.length, changes.length, dryRun.created.length) > ROWS_SHOWN && <p>The first {ROWS_SHOWN} of each list are shown.</p>}
    </div>
  );
}

/**
 * The catalogue in from a CSV file (decision 053): the file is checked first (the dry run), and
 * only a file with nothing refused can be imported, with the token its check answered.
 */
export function CatalogueImportForm() {
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const dryRun = useCatalogueDryRun();
  const importCatalogue = useImportCatalogue();
  const checked = dryRun.data;

  async function choose(chosen: File | undefined) {
    dryRun.reset();
    importCatalogue.reset();
    setFile(null);
    setFileProblem(null);
    if (!chosen) return;
    if (chosen.size > CATALOGUE_IMPORT_LIMITS.bytes) return setFileProblem(tooLarge);
    const csv = await chosen.text();
    setFile({ name: chosen.name, csv });
    dryRun.mutate(csv);
  }

  return (
    <div className="flex flex-col gap-3">
      <label className="flex flex-col gap-1">
        <span>CSV file to import</span>
        <input type="file" accept=".csv,text/csv" className="file-input file-input-bordered w-full max-w-md" onChange={(event) => void choose(event.target.files?.[0])} />
      </label>
      <FormMessage message={fileProblem ?? refusalOf(dryRun)} />
      {dryRun.isPending && <p aria-live="polite">Checking the file…</p>}
      {checked && file && <DryRunTables dryRun={checked} />}
      {checked?.token && file && !importCatalogue.isSuccess && (
        <PendingButton type="button" className="btn btn-primary self-start" pending={importCatalogue.isPending} onClick={() => importCatalogue.mutate({ csv: file.csv, token: checked.token! })}>
          Import {formatCount(checked.created.length + checked.changed.length)} {checked.created.length + checked.changed.length === 1 ? 'tool' : 'tools'}
        </PendingButton>
      )}
      <FormMessage message={refusalOf(importCatalogue)} />
      {importCatalogue.data && (
        <p role="status" className="alert alert-success">
          Imported {file?.name}: {formatCount(importCatalogue.data.created)} added, {formatCount(importCatalogue.data.changed)} changed, {formatCount(importCatalogue.data.unchanged)} unchanged.
        </p>
      )}
    </div>
  );
}
