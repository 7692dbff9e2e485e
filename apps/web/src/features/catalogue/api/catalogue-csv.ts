import { useMutation } from '@tanstack/react-query';
import type { CatalogueDryRun, CatalogueImportResult } from '@voltline/shared/catalogue-import';
import { apiDownload, apiSend } from '../../../lib/api-client.ts';
import { toolKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** GET /api/admin/catalogue/export.csv (admin): every tool, its category and specifications, as a file. */
async function exportCatalogueCsv(): Promise<void> {
  const csv = await apiDownload('/admin/catalogue/export.csv');
  saveFile(csv.blob, csv.fileName ?? 'voltline-catalogue.csv');
}
export const useExportCatalogueCsv = () => useMutation({ mutationFn: exportCatalogueCsv });

/** POST /api/admin/catalogue/import/dry-run (admin): what the file would do; nothing is written. */
export const useCatalogueDryRun = () => useMutation({ mutationFn: (csv: string) => apiSend<CatalogueDryRun>('POST', '/admin/catalogue/import/dry-run', { csv }) });

/** POST /api/admin/catalogue/import (admin): the file its dry run checked; every list of tools is stale after it. */
export const useImportCatalogue = () =>
  useRefreshingMutation((file: { csv: string; token: string }) => apiSend<CatalogueImportResult>('POST', '/admin/catalogue/import', file), [toolKeys.all]);
