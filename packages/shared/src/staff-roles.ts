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
  /** Tools, categories, families, pictures, stock, import and export. */
  catalogue: ['catalogue'],
  /** Invoices and credit notes of any order, the VAT report, the overview's figures. */
  accounts: ['accounts'],
  /** Refunds of an order or a return. */
  refunds: ['accounts'],
  /** Trade accounts: applications approved or refused, VAT ids confirmed. */
  tradeAccounts: ['accounts'],
  /** The "Ask us anything" inbox. */
  queries: ['support'],
  /** Removing anyone's review. */
  reviews: ['support'],
  /** The audit log: every change staff made, who, when and from where (decision 065). Admins only. */
  audit: [],
} as const satisfies Record<string, readonly Exclude<StaffRole, 'admin'>[]>;
export type Permission = keyof typeof PERMISSIONS;

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
