import { z } from 'zod';
import { pageQuerySchema } from './paging.ts';
import { shopDay } from './shop-dates.ts';
import { text } from './text.ts';
import { TEXT_LIMITS } from './text-limits.ts';

/**
 * The audit log (issue 41, item 5; decision 065): every change staff or an API key make to what the
 * shop sells and how it runs, with who, when, from which address, and the fields before and after.
 * A row's kind says what area it changed; the admins' page filters by it.
 */
export const AUDIT_KINDS = ['tool', 'price', 'stock', 'category', 'coupon', 'delivery', 'role', 'refund', 'return', 'trade_account', 'webhook', 'settings', 'erasure', 'customer_group', 'api_key'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** The kinds as the Audit log page names them. */
export const auditKindWords: Record<AuditKind, string> = {
  tool: 'Tools',
  price: 'Customer group prices',
  stock: 'Stock',
  category: 'Categories',
  coupon: 'Coupons',
  delivery: 'Delivery rates and promotion',
  role: 'Roles',
  refund: 'Refunds',
  return: 'Returns',
  trade_account: 'Trade accounts',
  webhook: 'Webhooks',
  settings: 'Settings',
  erasure: 'Erasures',
  customer_group: 'Customer groups',
  api_key: 'API keys',
};

/** Who made a change: a member of staff signed in, an API key, or the shop itself (a job). */
export const AUDIT_ACTOR_KINDS = ['staff', 'api_key', 'system'] as const;

/**
 * The most characters of one recorded value: a description or a list longer than this is recorded
 * cut, saying so. With at most AUDIT_FIELDS_MAX fields a row stays a few kilobytes.
 */
export const AUDIT_VALUE_MAX = 500;
export const AUDIT_FIELDS_MAX = 40;
/** What a secret's field (a webhook's signing secret, a carrier's notice secret) records instead of its value. */
export const AUDIT_SECRET_CHANGED = '(secret changed, not recorded)';

/** GET /api/admin/audit: newest first, a page at a time, by person (their email), kind and days (UTC, both included). */
export const auditQuerySchema = pageQuerySchema
  .omit({ q: true })
  .extend({
    actor: text()
      .trim()
      .max(TEXT_LIMITS.email, `Person can be at most ${TEXT_LIMITS.email} characters`)
      .transform((email) => email.toLowerCase() || undefined)
      .optional()
      .describe("The staff member's email, as recorded"),
    kind: z.enum(AUDIT_KINDS, { error: `kind must be one of ${AUDIT_KINDS.join(', ')}` }).optional(),
    from: shopDay('From').optional(),
    to: shopDay('To').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: 'From must be on or before To', path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

const recordedFields = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  /** The staff member's account and email when they made the change, kept as recorded. */
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorApiKeyId: z.string().nullable(),
  /** The client's address as the shop decided it (TRUST_PROXY). */
  clientAddress: z.string().nullable(),
  kind: z.enum(AUDIT_KINDS),
  /** What was done: created, changed, deleted, approved, ... */
  action: z.string(),
  /** The id of what changed (a tool's, an order's, a coupon's); null for the shop's settings. */
  subject: z.string().nullable(),
  /** Only the fields that changed: null before a creation and after a deletion. */
  before: recordedFields,
  after: recordedFields,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
