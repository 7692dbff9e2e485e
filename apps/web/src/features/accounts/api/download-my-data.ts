import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** GET /api/me/export: everything the shop keeps about the signed-in person, as one JSON file. */
async function downloadMyData(): Promise<void> {
  const file = await apiDownload('/me/export');
  saveFile(file.blob, file.fileName ?? 'voltline-my-data.json');
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
