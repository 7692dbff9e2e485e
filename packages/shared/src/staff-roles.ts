import { z } from 'zod';

/**
 * The shop's staff roles (issue 41, decision 063). `admin` may do everything; each other role a
 * part of the back office. A user may hold several. The spec's `role` field stays `admin` or
 * `user`: only an admin is `admin` there.
 */
export const STAFF_ROLES = ['admin', 'fulfilment', 'catalogue', 'accounts', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: `A role is one of ${STAFF_ROLES.join(', ')}` });

/** The roles besides admin, as people read them on the Team page. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin (everything)',
  fulfilment: 'Fulfilment (shipping, returns)',
  catalogue: 'Catalogue (tools, categories, stock, import)',
  accounts: 'Accounts (invoices, refunds, VAT report, trade accounts)',
  support: 'Support (queries, reviews, orders to read)',
};

/**
 * The one owner of "which role may do what": each permission a back-office route or page needs,
 * with the roles that hold it besides admin, who holds every one. The server's guards
 * (identity/caller.ts `guards.allow`) and the web's dashboard menu and page guards read this table.
 * A new back-office route names its permission here; one that names none is for admins only.
 */
const PERMISSIONS = {
  /** The Team page: roles given and taken, every user's profile. */
  team: [],
  /** Delivery rates, coupons, tax settings, webhooks, cancelling an unpaid order. */
  settings: [],
  /** Every order, its history and parcels, read only. */
  readOrders: ['fulfilment', 'accounts', 'support'],
  /** Parcels, packing slips, carriers, marking delivered. */
  ship: ['fulfilment'],
  /** Returns: authorise, refuse, receive (their refund is a refund). */
  returns: ['fulfilment'],
  /** Tools, categories, families, pictures, import and export. */
  catalogue: ['catalogue'],
  /** Stock movements: batches received, counts, scraps, the ledger's check (apart from `catalogue` for the `stock:write` API key scope). */
  stock: ['catalogue'],
  /** The VAT report, the overview's figures, bank payments of orders on account. */
  accounts: ['accounts'],
  /** Invoices and credit notes of any order, read (apart from `accounts` for the `invoices:read` API key scope). */
  invoices: ['accounts'],
  /** Refunds of an order or a return. */
  refunds: ['accounts'],
  /** Trade accounts: applications approved or refused, VAT ids confirmed. */
  tradeAccounts: ['accounts'],
  /** The "Ask us anything" inbox. */
  queries: ['support'],
  /** Removing anyone's review. */
  reviews: ['support'],
  /** API keys: created, listed, revoked (decision 066). */
  apiKeys: [],
  /** The audit log: every change staff made, who, when and from where (decision 065). Admins only. */
  audit: [],
} as const satisfies Record<string, readonly Exclude<StaffRole, 'admin'>[]>;
export type Permission = keyof typeof PERMISSIONS;

/**
 * The scopes of an API key (decision 066), each opening a few permissions of the table above: a key
 * passes the same guards as staff (`guards.allow(permission)`), but only where one of its scopes
 * opens the permission. No scope opens `team`, `settings` or `apiKeys`: a key never makes keys or
 * touches roles.
 */
const SCOPE_PERMISSIONS = {
  /** The back office's order reads (lists, one order, its history and parcels) and the orders CSV. */
  'orders:read': ['readOrders'],
  /** Parcels shipped and delivered, as fulfilment staff do. */
  'orders:write': ['ship'],
  /** Tools created and updated, categories, families, pictures, the catalogue's import. */
  'catalogue:write': ['catalogue'],
  /** Stock movements. */
  'stock:write': ['stock'],
  /** Invoices and credit notes of any order, as PDF. */
  'invoices:read': ['invoices'],
} as const satisfies Record<string, readonly Permission[]>;
export const API_SCOPES = Object.keys(SCOPE_PERMISSIONS) as (keyof typeof SCOPE_PERMISSIONS)[];
export type ApiScope = keyof typeof SCOPE_PERMISSIONS;
export const apiScopeSchema = z.enum(API_SCOPES as [ApiScope, ...ApiScope[]], { error: `A scope is one of ${API_SCOPES.join(', ')}` });

/** What each scope lets a key do, as the API keys page shows it. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'orders:read': 'Read orders and the orders CSV',
  'orders:write': 'Ship and deliver orders',
  'catalogue:write': 'Create and update tools and categories',
  'stock:write': 'Record stock movements',
  'invoices:read': 'Download invoices and credit notes',
};

/** Whether a key holding `scopes` may do what `permission` allows. */
export const scopesOpen = (scopes: readonly ApiScope[], permission: Permission): boolean =>
  scopes.some((scope) => (SCOPE_PERMISSIONS[scope] as readonly Permission[]).includes(permission));

/**
 * Whether a key of `scopes`, created by someone who now holds `creatorRoles`, may do what
 * `permission` allows: its scopes must open it and its creator must still hold it, so a key never
 * does more than the person it acts for may do today (an admin since demoted to fulfilment keeps
 * only what fulfilment may do through their keys).
 */
export const keyMay = (key: { scopes: readonly ApiScope[]; creatorRoles: readonly StaffRole[] }, permission: Permission): boolean =>
  scopesOpen(key.scopes, permission) && mayDo(key.creatorRoles, permission);

/** The scopes whose every permission `roles` hold: what a key's creator still lets it do. */
export const scopesHeldBy = (scopes: readonly ApiScope[], roles: readonly StaffRole[]): ApiScope[] =>
  scopes.filter((scope) => (SCOPE_PERMISSIONS[scope] as readonly Permission[]).every((permission) => mayDo(roles, permission)));

/** What a key is told when its scope opens the route but its creator may no longer do it. */
export const KEY_CREATOR_MAY_NOT = 'The person this API key acts for may no longer do this: an admin can create a new key.';

/** The scopes that open `permission` (none: no key may). */
export const scopesOpening = (permission: Permission): ApiScope[] => API_SCOPES.filter((scope) => scopesOpen([scope], permission));

/**
 * The staff roles a key acts with: those whose every permission its scopes open, so a check of
 * roles (`mayDo`) never grants a key more than its scopes do.
 */
export const rolesOfScopes = (scopes: readonly ApiScope[]): StaffRole[] =>
  STAFF_ROLES.filter((role) => role !== 'admin' && (Object.keys(PERMISSIONS) as Permission[]).every((permission) => !mayDo([role], permission) || scopesOpen(scopes, permission)));

/** What a key is told on a route no scope opens: a person's own (their orders, cart, profile) or the admins' alone. */
export const NOT_FOR_API_KEYS = 'An API key cannot do this: sign in as a person.';

/** What a guard answers a key whose scopes do not open the route, in the shop's words. */
export const notYourScopeMessage = (permission: Permission) => {
  const opening = scopesOpening(permission);
  return opening.length === 0 ? NOT_FOR_API_KEYS : `This API key needs the ${opening.join(' or ')} scope to do this.`;
};

/** Whether someone holding `roles` may do what `permission` allows. */
export function mayDo(roles: readonly StaffRole[], permission: Permission): boolean {
  if (roles.includes('admin')) return true;
  const holders: readonly StaffRole[] = PERMISSIONS[permission];
  return roles.some((role) => holders.includes(role));
}

/** Every role that may do what `permission` allows, admin first. */
export const rolesAllowed = (permission: Permission): StaffRole[] => STAFF_ROLES.filter((role) => mayDo([role], permission));

/** A set of roles in the table's order, each once: how the server stores and answers them. */
export const inRoleOrder = (roles: readonly StaffRole[]): StaffRole[] => STAFF_ROLES.filter((role) => roles.includes(role));

/** PUT /api/profile/{id}/roles: the whole set a user holds afterwards (empty: a customer). */
export const staffRolesUpdateSchema = z.object({ roles: z.array(staffRoleSchema).max(STAFF_ROLES.length) }).strict();

/** What a guard answers a caller whose roles do not allow the route, in the shop's words. */
export const notYourPartMessage = (permission: Permission) =>
  PERMISSIONS[permission].length === 0 ? 'Only an admin can do this.' : `Only an admin or ${PERMISSIONS[permission].join(' or ')} staff can do this.`;
