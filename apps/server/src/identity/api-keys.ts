import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { API_KEY_PREFIX, type ApiKey, type ApiKeyInput, type CreatedApiKey } from '@voltline/shared/api-keys';
import type { PageQuery } from '@voltline/shared/paging';
import { inRoleOrder, rolesOfScopes, scopesHeldBy, type ApiScope } from '@voltline/shared/staff-roles';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import type { Database } from '../db/client.ts';
import { apiKeys, authUsers, userProfiles } from '../db/schema.ts';
import { idOrNotFound, notFound } from '../platform/app-error.ts';
import { mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';
import { accountColumns, staffRolesOf, type Caller } from './caller.ts';

/**
 * The SHA-256 of a key, as stored. A key is 32 random bytes (256 bits): nobody guesses one or its
 * hash, so a slow hash (scrypt, as for passwords) would only cost every call ~0.2 s of a core
 * without making a stolen table any less useless (decision 066).
 */
const hashOfKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/** Last use is written at most once a minute per key: a busy ERP's every call must not be a write. */
const LAST_USE_EVERY_MS = 60_000;

type KeyRow = typeof apiKeys.$inferSelect;

const toApiKey = (row: KeyRow): ApiKey => ({
  _id: row.id,
  name: row.name,
  scopes: row.scopes as ApiScope[],
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

const newestKeysFirst: KeysetOrder = { key: apiKeys.createdAt, keyType: 'timestamptz', id: apiKeys.id, idType: 'uuid', direction: 'desc' };

export function createApiKeys(db: Database, paging: Paging) {
  // When this instance last wrote each key's last use; other instances write theirs, the update's
  // own condition keeps it to about once a minute across them.
  const lastUseWritten = new LRUCache<string, number>({ max: 10_000 });

  return {
    /** Every key, revoked ones too, newest first, a page at a time: never the key itself. */
    async list(query: PageQuery): Promise<Page<ApiKey>> {
      const page = paging.page({ list: 'api-keys', order: newestKeysFirst, query: { ...query, q: undefined } });
      const select = db.select({ key: apiKeys, cursorKey: page.cursorKey }).from(apiKeys).$dynamic();
      return mapPage(await page.read(select, undefined, (row) => row.key.id), (row) => toApiKey(row.key));
    },

    /** A new key for `admin`'s account: answered here, once; only its hash is kept. */
    async create(admin: Caller, input: ApiKeyInput): Promise<CreatedApiKey> {
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(apiKeys)
          .values({ name: input.name, scopes: [...new Set(input.scopes)], keyHash: hashOfKey(key), createdBy: admin.userId })
          .returning();
        // Its name and scopes, never the key (nor its hash).
        await recordAudit(tx, { actor: admin, kind: 'api_key', action: 'created', subject: created!.id, before: null, after: { name: created!.name, scopes: created!.scopes } });
        return created!;
      });
      return { ...toApiKey(row), key };
    },

    /**
     * Revokes a key at once: the row's trigger tells every instance's caller cache to forget it
     * (migration's `api_keys_caller_changed`). It stays listed as revoked; revoking it again changes nothing.
     */
    async revoke(admin: AuditActor, keyId: string): Promise<ApiKey> {
      const id = idOrNotFound(keyId, 'API key not found');
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ revokedAt: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.id, id)).for('update');
        const [revoked] = await tx
          .update(apiKeys)
          .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
          .where(eq(apiKeys.id, id))
          .returning();
        if (!before || !revoked) throw notFound('API key not found');
        // Revoked again: nothing changed, so nothing is recorded (recordAudit skips an unchanged row).
        await recordAudit(tx, { actor: admin, kind: 'api_key', action: 'revoked', subject: revoked.id, before: { revokedAt: before.revokedAt }, after: { revokedAt: revoked.revokedAt } });
        return toApiKey(revoked);
      });
    },

    /**
     * The caller a key acts as: its creator's account with the key's scopes, within the roles the
     * creator holds now; null for an unknown, revoked or orphaned key.
     */
    async callerOf(key: string): Promise<Caller | null> {
      const [row] = await db
        .select({ ...accountColumns, keyId: apiKeys.id, keyName: apiKeys.name, scopes: apiKeys.scopes, creatorRole: userProfiles.role, creatorStaffRoles: userProfiles.staffRoles })
        .from(apiKeys)
        .innerJoin(authUsers, eq(authUsers.id, apiKeys.createdBy))
        .innerJoin(userProfiles, eq(userProfiles.userId, authUsers.id))
        .where(and(eq(apiKeys.keyHash, hashOfKey(key)), isNull(apiKeys.revokedAt)));
      if (!row) return null;
      const { keyId, keyName, scopes: stored, creatorRole, creatorStaffRoles, ...account } = row;
      const scopes = stored as ApiScope[];
      const creatorRoles = staffRolesOf({ role: creatorRole, staffRoles: creatorStaffRoles });
      return {
        ...account,
        // Never the spec's admin: what a key may do is its scopes, through the guards.
        role: 'user',
        roles: inRoleOrder(rolesOfScopes(scopesHeldBy(scopes, creatorRoles))),
        apiKey: { id: keyId, name: keyName, scopes, creatorRoles },
      };
    },

    /** Records that the key was used now, at most once a minute (per instance, and by the update's condition across them). */
    async noteUse(keyId: string, now = new Date()): Promise<void> {
      const written = lastUseWritten.get(keyId);
      if (written !== undefined && now.getTime() - written < LAST_USE_EVERY_MS) return;
      lastUseWritten.set(keyId, now.getTime());
      await db
        .update(apiKeys)
        .set({ lastUsedAt: now })
        .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USE_EVERY_MS)))));
    },
  };
}
export type ApiKeys = ReturnType<typeof createApiKeys>;
