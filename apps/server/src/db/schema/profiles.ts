import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '@voltline/shared/staff-roles';
import { textLengthChecks } from '../text-columns.ts';
import { belongsTo, createdAt, randomId } from './columns.ts';
import { authUsers } from './identity.ts';

/** The roles besides admin, as a text array: few, fixed, read with the profile on every call. */
const staffRolesColumn = () => text('staff_roles').array().notNull().default(sql`'{}'::text[]`);
// Only the shop's own role names: nothing else is stored, so the column needs no length limit.
const staffRolesCheck = (name: string, column: AnyPgColumn) =>
  check(name, sql`${column} <@ array[${sql.raw(STAFF_ROLES.filter((role) => role !== 'admin').map((role) => `'${role}'`).join(', '))}]::text[]`);

export const userProfiles = pgTable(
  'user_profiles',
  {
    id: randomId(),
    /** The identity this profile belongs to; set when the user first asks for an API token. */
    userId: text('user_id')
      .unique()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
    /** Staff roles besides admin (decision 063), in STAFF_ROLES' order; `role` stays the spec's admin-or-user. */
    staffRoles: staffRolesColumn(),
    address: text('address'),
    phone: text('phone'),
    linkedIn: text('linked_in'),
    education: text('education'),
    profilePicture: text('profile_picture'),
    createdAt: createdAt(),
  },
  (table) => [
    ...textLengthChecks('user_profiles'),
    staffRolesCheck('user_profiles_staff_roles_known', table.staffRoles),
    // Make Admin pages customers oldest first and finds them by the start of their email or name.
    index('user_profiles_created_at_id_idx').on(table.createdAt, table.id),
    index('user_profiles_email_search_idx').on(sql`lower(${table.email}) text_pattern_ops`),
    index('user_profiles_name_search_idx').on(sql`lower(${table.name}) text_pattern_ops`),
  ],
);

/**
 * Every change of a profile's role (Make Admin, Remove admin): to which role, who changed it and
 * when. Written in the statement that changes the role, so no change goes unrecorded.
 */
export const roleChanges = pgTable(
  'role_changes',
  {
    id: randomId(),
    profileId: belongsTo(uuid('profile_id'), () => userProfiles.id),
    role: text('role', { enum: ['user', 'admin'] }).notNull(),
    /** The staff roles besides admin the profile held after the change (decision 063). */
    staffRoles: staffRolesColumn(),
    /** Null when the shop itself gave the role: its first admin, made at the first start (profiles/first-admin.ts). */
    changedByUserId: text('changed_by_user_id'),
    /** A copy: the record still says who it was if that account goes. Null with the user id. */
    changedByEmail: text('changed_by_email'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A profile's history, newest first, paged on (at, id).
    index('role_changes_profile_at_id_idx').on(table.profileId, table.at, table.id),
    ...textLengthChecks('role_changes'),
    staffRolesCheck('role_changes_staff_roles_known', table.staffRoles),
  ],
);
