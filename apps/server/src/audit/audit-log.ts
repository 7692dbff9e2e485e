import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import { AUDIT_FIELDS_MAX, AUDIT_SECRET_CHANGED, AUDIT_VALUE_MAX, type AuditEntry, type AuditKind, type AuditQuery } from '@voltline/shared/audit';
import type { Database, DbExecutor } from '../db/client.ts';
import { auditEntries } from '../db/schema.ts';
import { mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';

/**
 * Who made a change, as the routes know them: the caller (identity/caller.ts's Caller fits) with the
 * client's address the server decided (TRUST_PROXY), or null for the shop itself (a job). An API
 * key's calls carry the key (Caller.apiKey, decision 066): the row names it besides the admin who
 * made it. A shape of its own, so every domain records without importing identity.
 */
export type AuditActor = { userId: string; email: string; clientAddress?: string; apiKey?: { id: string } } | null;

/** A change to record: which area, what was done, to what, and the thing as it was and as it is. */
interface AuditChange {
  actor: AuditActor;
  kind: AuditKind;
  action: string;
  /** The id of what changed; null for the shop's own settings. */
  subject: string | null;
  /** The thing before (null: it was created); only its changed fields are kept. */
  before: object | null;
  /** The thing after (null: it was deleted). */
  after: object | null;
}

/** Fields holding a secret: the log says that one changed, never its value. */
const SECRET_FIELD = /secret|password|token/i;

/** One value as recorded: a secret's word, a long text cut, a long list or object named by its size. */
function recordedValue(field: string, value: unknown): unknown {
  if (SECRET_FIELD.test(field)) return value == null ? value : AUDIT_SECRET_CHANGED;
  if (typeof value === 'string') return value.length > AUDIT_VALUE_MAX ? `${value.slice(0, AUDIT_VALUE_MAX)}… (${value.length} characters)` : value;
  if (value === undefined || value === null || typeof value !== 'object') return value ?? null;
  const json = JSON.stringify(value);
  return json.length > AUDIT_VALUE_MAX ? `(${json.length} characters, not recorded)` : value;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The bytes a row's before and after may hold together: under the table's CHECK (64 KiB), whatever the script of its texts. */
const RECORDED_BYTES_MAX = 60_000;

/** Fields whose values would pass the row's bound keep their names only: the change is still told, not its content. */
function withinBytes(fields: Record<string, unknown> | null): Record<string, unknown> | null {
  return fields && Object.fromEntries(Object.keys(fields).map((field) => [field, '(too long to record)']));
}

/**
 * The fields of `before` and `after` that differ (all of them for a creation or a deletion), each
 * bounded; at most AUDIT_FIELDS_MAX. Undefined values are no field.
 */
function changedFields(before: object | null, after: object | null): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const was = (before ?? {}) as Record<string, unknown>;
  const is = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])]
    .filter((field) => (was[field] !== undefined || is[field] !== undefined) && (!before || !after || !sameValue(was[field], is[field])))
    .slice(0, AUDIT_FIELDS_MAX);
  const pick = (from: Record<string, unknown>) => Object.fromEntries(fields.filter((field) => from[field] !== undefined).map((field) => [field, recordedValue(field, from[field])]));
  return { before: before && pick(was), after: after && pick(is) };
}

/**
 * Records a change in the audit log, in the transaction that makes it (`tx`), so the change and its
 * record commit or roll back together. Only the changed fields are kept; a change that changed
 * nothing is not recorded. Personal data of customers stays out: callers describe a customer's
 * things by ids (decision 065), never by copying names, emails or addresses.
 */
export async function recordAudit(tx: DbExecutor, change: AuditChange): Promise<void> {
  const fields = changedFields(change.before, change.after);
  if (change.before && change.after && Object.keys(fields.after ?? {}).length === 0 && Object.keys(fields.before ?? {}).length === 0) return;
  const { actor } = change;
  const recorded = Buffer.byteLength(JSON.stringify(fields)) > RECORDED_BYTES_MAX ? { before: withinBytes(fields.before), after: withinBytes(fields.after) } : fields;
  await tx.insert(auditEntries).values({
    actorKind: actor === null ? 'system' : actor.apiKey ? 'api_key' : 'staff',
    actorUserId: actor?.userId ?? null,
    actorEmail: actor?.email.toLowerCase() ?? null,
    actorApiKeyId: actor?.apiKey?.id ?? null,
    clientAddress: actor?.clientAddress ?? null,
    kind: change.kind,
    action: change.action,
    subject: change.subject,
    ...recorded,
  });
}

const newestFirst: KeysetOrder = { key: auditEntries.at, keyType: 'timestamptz', id: auditEntries.id, idType: 'uuid', direction: 'desc' };

/** The day after `day` (YYYY-MM-DD), at midnight UTC: `to` includes its whole day. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000);

const toAuditEntry = (row: typeof auditEntries.$inferSelect): AuditEntry => ({
  _id: row.id,
  at: row.at.toISOString(),
  actorKind: row.actorKind,
  actorUserId: row.actorUserId,
  actorEmail: row.actorEmail,
  actorApiKeyId: row.actorApiKeyId,
  clientAddress: row.clientAddress,
  kind: row.kind,
  action: row.action,
  subject: row.subject,
  before: row.before,
  after: row.after,
});

/** GET /api/admin/audit: the log newest first, by person, kind and days, on the indexes made for each (db/schema/audit.ts). */
export function createAuditLog(db: Database, paging: Paging) {
  return {
    async list(query: AuditQuery): Promise<Page<AuditEntry>> {
      const { actor, kind, from, to } = query;
      const page = paging.page({ list: 'audit', order: newestFirst, scope: { actor, kind, from, to }, query: { ...query, q: undefined } });
      const conditions: (SQL | undefined)[] = [
        actor === undefined ? undefined : eq(auditEntries.actorEmail, actor),
        kind === undefined ? undefined : eq(auditEntries.kind, kind),
        from === undefined ? undefined : gte(auditEntries.at, new Date(`${from}T00:00:00Z`)),
        to === undefined ? undefined : lt(auditEntries.at, dayAfter(to)),
      ];
      const select = db.select({ entry: auditEntries, cursorKey: page.cursorKey }).from(auditEntries).$dynamic();
      return mapPage(await page.read(select, and(...conditions), (row) => row.entry.id), (row) => toAuditEntry(row.entry));
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
