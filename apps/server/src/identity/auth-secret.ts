import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * AUTH_SECRET signs sessions and API tokens. Without one configured, a random secret is made on
 * the first start and kept in DATA_DIR (readable by the owner only), so restarts keep everyone
 * signed in and no default secret is ever shipped.
 */
export function loadOrCreateAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const secretPath = path.join(dataDir, 'auth-secret');
  if (existsSync(secretPath)) return readFileSync(secretPath, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(secretPath, secret, { mode: 0o600 });
  return secret;
}
