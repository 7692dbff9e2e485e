import { useMutation } from '@tanstack/react-query';
import { MESSAGES } from '@voltline/shared/messages';
import { ApiRequestError, NETWORK_FAILURE_CODE } from '../../../lib/api-client.ts';
import { readAccessToken } from '../../../lib/session/access-token.ts';
import { queryStringOf, type OrderFilter } from '../order-filters.ts';

/**
 * GET /api/adminPurchased/export.csv (admin): the filtered orders as a file. apiRequest reads JSON
 * answers only, so this call fetches the bytes itself; a plain link would not carry the token.
 */
export async function exportOrdersCsv(filter: OrderFilter): Promise<void> {
  const token = readAccessToken();
  let response: Response;
  try {
    response = await fetch(`/api/adminPurchased/export.csv${queryStringOf(filter)}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiRequestError(0, NETWORK_FAILURE_CODE, MESSAGES.networkFailure);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: string; message?: string } | undefined;
    throw new ApiRequestError(response.status, body?.error ?? 'unknown', body?.message ?? `The server answered ${response.status}.`);
  }
  saveFile(await response.blob(), `voltline-orders-${filter}.csv`);
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
