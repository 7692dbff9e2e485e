import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_ACTOR_KINDS, AUDIT_KINDS } from '@voltline/shared/audit';
import { textLengthChecks } from '../text-columns.ts';

const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * The audit log (issue 41, item 5; decision 065): a row per change staff or an API key made, written
 * in the change's own transaction. Rows are only ever inserted: a trigger (migration 0049) refuses
 * UPDATE, DELETE and TRUNCATE. No foreign keys: the record keeps who it was (the user id and email
 * as they were) after the account, the tool or the coupon is gone.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: AUDIT_ACTOR_KINDS }).notNull(),
    actorUserId: text('actor_user_id'),
    /** Lower case, as recorded: the log still names them if the account goes. */
    actorEmail: text('actor_email'),
    /** The API key that made the change (decision 065: filled once API keys act). */
    actorApiKeyId: text('actor_api_key_id'),
    clientAddress: text('client_address'),
    kind: text('kind', { enum: AUDIT_KINDS }).notNull(),
    action: text('action').notNull(),
    subject: text('subject'),
    /** Only the fields that changed, each value bounded (audit/audit-log.ts). */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (table) => [
    check('audit_entries_actor_kind_known', sql`${table.actorKind} in (${quoted(AUDIT_ACTOR_KINDS)})`),
    check('audit_entries_kind_known', sql`${table.kind} in (${quoted(AUDIT_KINDS)})`),
    check('audit_entries_action_short', sql`char_length(${table.action}) <= 40`),
    check('audit_entries_subject_short', sql`char_length(${table.subject}) <= 100`),
    // The code bounds each value (AUDIT_VALUE_MAX, AUDIT_FIELDS_MAX); the database holds the whole row to it.
    check('audit_entries_fields_bounded', sql`coalesce(octet_length(${table.before}::text), 0) + coalesce(octet_length(${table.after}::text), 0) <= 65536`),
    ...textLengthChecks('audit_entries'),
    // The admins' page: newest first (each index read backwards), alone or by person or by kind, each with a range of days.
    index('audit_entries_at_id_idx').on(table.at, table.id),
    index('audit_entries_actor_at_id_idx').on(table.actorEmail, table.at, table.id),
    index('audit_entries_kind_at_id_idx').on(table.kind, table.at, table.id),
  ],
);
