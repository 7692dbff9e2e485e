import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';
import { shopState } from '../db/schema.ts';

const SECRET_KEY = 'auth_secret';

/**
 * AUTH_SECRET signs sessions and API tokens. Without one configured, a random secret is made on
 * the first start, so restarts keep everyone signed in and no default secret is ever shipped.
 * It is kept in DATA_DIR (readable by the owner only) for the embedded database, and in the
 * database itself on PostgreSQL, where several instances must sign and check the same tokens.
 */
export async function loadOrCreateAuthSecret(configured: string | undefined, dataDir: string, database: DatabaseHandle): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(48).toString('base64url');
  if (database.kind === 'postgres') {
    await database.db.insert(shopState).values({ key: SECRET_KEY, value: fresh }).onConflictDoNothing();
    const [row] = await database.db.select().from(shopState).where(eq(shopState.key, SECRET_KEY));
    return row!.value;
  }
  const secretPath = path.join(dataDir, 'auth-secret');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(secretPath, fresh, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(secretPath, 'utf8').trim();
  }
}
