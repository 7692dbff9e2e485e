import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { API_SCOPES } from '@voltline/shared/staff-roles';
import { textLengthChecks } from '../text-columns.ts';
import { belongsTo, createdAt, timestamps } from './columns.ts';

/*
 * Identity tables, in the shape better-auth's Drizzle adapter expects (user, session, account,
 * verification). Passwords live hashed in auth_accounts; sessions are rows, so signing out or
 * resetting a password revokes them for every API token bound to them.
 */
export const authUsers = pgTable('auth_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** better-auth's two-factor plugin: set once the first authenticator code is confirmed (decision 062). */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  ...timestamps,
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: belongsTo(text('user_id'), () => authUsers.id),
    ...timestamps,
  },
  (table) => [index('auth_sessions_user_id_idx').on(table.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: belongsTo(text('user_id'), () => authUsers.id),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('auth_accounts_user_id_idx').on(table.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('auth_verifications_identifier_idx').on(table.identifier)],
);

/**
 * better-auth's two-factor plugin (decision 062): the authenticator secret and the unused backup
 * codes, both encrypted with the shop's auth secret, and the count of wrong codes since the last
 * right one, which locks the second step for a while. One row per user at most.
 */
export const authTwoFactors = pgTable(
  'auth_two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
);

/**
 * API keys for an ERP or an accounting tool (decision 066). Only the SHA-256 of the key is kept:
 * the key is 32 random bytes, shown once, so its hash cannot be turned back or guessed. A revoked
 * key stays, for the record; its creator's account acts for it (their user id and email).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    /** base64url of the SHA-256 of the whole key: what a call's key is looked up by. */
    keyHash: text('key_hash').notNull().unique(),
    /** The admin who created it; an erased account leaves null, and the key no longer works. */
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Written at most once a minute per key, not on every call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    ...textLengthChecks('api_keys'),
    // Only the shop's own scope names, at least one: nothing else is stored, so no length limit.
    check('api_keys_scopes_known', sql`${table.scopes} <@ array[${sql.raw(API_SCOPES.map((scope) => `'${scope}'`).join(', '))}]::text[] and cardinality(${table.scopes}) > 0`),
    // The API keys page lists them newest first.
    index('api_keys_created_at_id_idx').on(table.createdAt, table.id),
  ],
);
