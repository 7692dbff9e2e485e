import type { ClientConfig } from '@voltline/shared/account';
import { apiRequest } from '../api-client.ts';

// A sync server that does not answer must not hold the next sync back for long.
const SYNC_TIMEOUT_MS = 10_000;

let tokenSyncUrl: Promise<string | null> | undefined;
// Syncs go out one after another, so a sign-out right after a sign-in reaches the sync server
// after the token it cancels, never before it.
let lastSync: Promise<void> = Promise.resolve();

/**
 * GET /api/client-config, asked the first time there is something to sync (not while the home
 * page renders) and kept for the page's life. A failed answer is not kept: the next sync asks again.
 */
function readTokenSyncUrl(): Promise<string | null> {
  tokenSyncUrl ??= apiRequest<ClientConfig>('/client-config', { signOutOnAuthFailure: false }).then(
    (config) => (typeof config?.tokenSyncUrl === 'string' && config.tokenSyncUrl ? config.tokenSyncUrl : null),
    () => {
      tokenSyncUrl = undefined;
      return null;
    },
  );
  return tokenSyncUrl;
}

async function tellSyncServer(method: 'POST' | 'DELETE', headers: HeadersInit = {}): Promise<void> {
  const url = await readTokenSyncUrl();
  if (!url) return;
  try {
    const response = await fetch(url, { method, headers, credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(SYNC_TIMEOUT_MS) });
    if (!response.ok) console.warn(`Token sync: ${method} ${url} answered ${response.status}.`);
  } catch (error) {
    console.warn(`Token sync: ${method} ${url} failed.`, error);
  }
}

/** Queues a sync; it never fails and nothing waits for it (product.md, "The API": sign-in and sign-out go on regardless). */
function queueSync(method: 'POST' | 'DELETE', headers?: HeadersInit): void {
  lastSync = lastSync.then(() => tellSyncServer(method, headers));
}

/** product.md, "The API": the API token was issued or renewed; the configured sync server gets it (POST, Bearer). */
export function syncIssuedToken(token: string): void {
  queueSync('POST', { Authorization: `Bearer ${token}` });
}

/** product.md, "The API": the user signed out; the configured sync server forgets the token (DELETE). */
export function syncSignOut(): void {
  queueSync('DELETE');
}
