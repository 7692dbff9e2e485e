import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Tool } from '@voltline/shared/tool';
import { eq, sql } from 'drizzle-orm';
import { rolesAllowed, STAFF_ROLES, type Permission, type StaffRole } from '@voltline/shared/staff-roles';
import { newTool } from '@voltline/test-kit/tools';
import { businessAccounts, creditNotes, groupToolPrices, invoices, orders } from '../db/schema.ts';
import { csvCell } from '../platform/csv-cell.ts';
import { isDeepStrictEqual } from 'node:util';
import { snapshotShop } from './db-snapshot.ts';
import type { TestShop } from './test-app.ts';
import { createIntent, firstTool, placeOrder, placePaidOrder } from './test-orders.ts';
import { bearer, registerUser, TEST_USER_PASSWORD, type TestUser } from './test-users.ts';
import { signWebhook } from '../platform/webhook-signing.ts';

/** The carrier the fixtures' parcels go with, and the secret it signs its delivery notices with. */
const MATRIX_CARRIER = { name: 'Matrix Post', trackingUrlTemplate: 'https://track.example/{tracking}', noticeSecret: 'matrix-post-notice-secret-0123456789' };
const MATRIX_TRACKING_NUMBER = 'MX0000';

/** Receivers must be on the public internet (webhook-target.ts); these tests never deliver to it. */
const PUBLIC_RECEIVER_URL = 'https://93.184.215.14/hooks';

/**
 * Every documented /api route with who may call it, and fixtures that give each call something
 * real to touch. The authorization matrix and the fuzzer both walk this list.
 */
export type Role = 'anonymous' | 'owner' | 'other' | StaffRole;

export interface Fixtures {
  tool: Tool;
  ownerEmail: string;
  ownerProfileId: string;
  unpaidOrderId: string;
  /** Paid, with $1 of it refunded: it has an invoice and a credit note. */
  paidOrderId: string;
  /** The paid order's payment, as the card provider named it. */
  paidTransactionId: string;
  clientSecret: string;
  imageUrl: string;
  webhookEndpointId: string;
  /** An open "Ask us anything" query, sent by a visitor. */
  queryId: string;
  /** A review the owner wrote. */
  reviewId: string;
  /** A coupon code an admin created. */
  couponId: string;
  /** The token of the owner's back-in-stock unsubscribe link. */
  unsubscribeToken: string;
  /** A serial number shipped in another paid order of the owner's. */
  serialNumber: string;
  /** That order and its parcel. */
  shippedOrderId: string;
  shipmentId: string;
  /** Returns of one unit each of that order, the owner's: requested, authorised and received (decision 048). */
  requestedReturnId: string;
  authorisedReturnId: string;
  receivedReturnId: string;
  /** An empty category (no tools, no subcategories) with one choice specification. */
  categoryId: string;
  categorySlug: string;
  attributeId: string;
  /** A family of two options holding the fixture's tool, a tool of no family, and an accessory linked to the fixture's tool (decisions 051, 052). */
  familyId: string;
  looseToolId: string;
  accessoryId: string;
  /** The owner's business account, waiting for an admin (issue 39). */
  businessAccountId: string;
  /** A catalogue file adding one tool, and the token its dry run answered (decision 053). */
  catalogueCsv: string;
  catalogueImportToken: string;
  /** The one picture of the tool's gallery (decision 054). */
  pictureId: string;
  /** An API key an admin created (decision 066). */
  apiKeyId: string;
  /** A customer with nothing open, registered by the admin erasure's row for its call (decision 061); the owner's orders are open. */
  erasableProfileId?: string;
}

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The documented path, as in the OpenAPI document. */
  route: string;
  url: (f: Fixtures) => string;
  body?: (f: Fixtures) => unknown;
  multipart?: boolean;
  /** The token call authenticates with the session cookie; everything else with the Bearer token. */
  cookie?: boolean;
  /** Headers the call needs besides the caller's, from the body it sends (a carrier's signature of it). */
  headers?: (body: unknown) => Record<string, string>;
  /**
   * The call ends its caller's account (DELETE /api/me): a customer registered for the cell plays
   * the owner and the other customer, so the suite's own callers live on.
   */
  freshCaller?: boolean;
  /** What the signed-in caller needs of their own before the call (a checkout needs a cart to order). */
  prepare?: (shop: TestShop, caller: TestUser, f: Fixtures) => Promise<void>;
  allowed: Role[];
  /** A back-office route's permission (every route refused to customers names one: authorization matrix). */
  permission?: Permission;
  /** A person's route that an API key may call too, when its scopes open this permission (decision 066: api-keys.test.ts). */
  keyPermission?: Permission;
  /**
   * An allowed write takes its fixtures away (a deletion, a state changed once): each further allowed
   * caller gets fresh ones. Other writes succeed again on the same fixtures, for every allowed caller.
   */
  consumes?: boolean;
  /** The dates the call takes, each refused outside the shop's years (http/dates.test.ts, the fuzzer). */
  dates?: DateField[];
  /** Another customer is told the owner's thing does not exist (404), rather than that it is not theirs (403). */
  hiddenFromOthers?: boolean;
}

/** A date a call takes: a moment (ISO date and time with its offset), a day (YYYY-MM-DD) or a month (YYYY-MM), in its body or its query. */
export interface DateField {
  in: 'body' | 'query';
  name: string;
  /** How the refusals name it. */
  label: string;
  kind: 'moment' | 'day' | 'month';
}

/** A caller of each kind: a stranger, the owner of the fixtures, another customer, and staff holding one role each (decision 063). */
export const everyone: Role[] = ['anonymous', 'owner', 'other', ...STAFF_ROLES];
const signedIn: Role[] = everyone.filter((role) => role !== 'anonymous');
const ownerAndAdmin: Role[] = ['owner', 'admin'];
/** A back-office route: the permission it needs, and so the staff it lets in (packages/shared/src/staff-roles.ts). */
const staff = (permission: Permission) => ({ permission, allowed: rolesAllowed(permission) as Role[] });
/** The owner's own thing, which staff holding `permission` may also reach. */
const ownerOr = (permission: Permission): Role[] => ['owner', ...rolesAllowed(permission)];

/** The company an e-invoice's fixture documents are billed to. */
const MATRIX_COMPANY = { companyName: 'Matrix Works GmbH', billingStreet: '1 Ohm Street', billingPostcode: '10115', billingCity: 'Berlin', billingCountry: 'DE' };
/** The paid order's invoice and credit note become a business account's, as if it had been placed under one: only those have e-invoices. */
async function asBusinessDocuments(shop: TestShop, _caller: TestUser, f: Fixtures) {
  for (const table of [invoices, creditNotes]) {
    await shop.database.db
      .update(table)
      .set({ figures: sql`jsonb_set(${table.figures}, '{buyerCompany}', ${JSON.stringify(MATRIX_COMPANY)}::jsonb)` })
      .where(eq(table.orderId, f.paidOrderId));
  }
}

const QUERY_BODY = { name: 'Grace', email: 'grace@example.com', phone: '4420794609', role: 'Others', query: 'Do you ship to Norway?' };

let couponCount = 0;
/** Each fixture and call makes a code of its own: codes are unique. */
const uniqueCouponCode = () => `FIXTURE-${process.pid}-${++couponCount}`;

const COUPON_DATES: DateField[] = [
  { in: 'body', name: 'validFrom', label: 'Valid from', kind: 'moment' },
  { in: 'body', name: 'validUntil', label: 'Valid until', kind: 'moment' },
];

const newToolBody = () => newTool({ availableQuantity: 10 });

/** A business account's application, with the built-in checker's registered French id. */
const BUSINESS_APPLICATION = {
  companyName: 'Matrix Wiring SARL',
  vatId: 'FR40303265045',
  billingStreet: '1 Rue Volta',
  billingPostcode: '75003',
  billingCity: 'Paris',
  billingCountry: 'FR',
};

export const AUTHORIZATION_MATRIX: MatrixRow[] = [
  { method: 'GET', route: '/api/getTools', url: () => '/api/getTools?limit=2&sort=price-asc&q=a', allowed: everyone },
  { method: 'GET', route: '/api/getTool/{toolId}', url: (f) => `/api/getTool/${f.tool._id}`, allowed: everyone },
  { method: 'GET', route: '/api/categories', url: () => '/api/categories', allowed: everyone },
  {
    method: 'GET',
    route: '/api/tools/search',
    url: (f) => `/api/tools/search?category=${f.categorySlug}&filter=${f.attributeId}:Corded&minPrice=1&maxPrice=500&inStock=true&q=a&sort=price-asc&limit=2`,
    allowed: everyone,
  },
  { method: 'GET', route: '/api/review', url: () => '/api/review?limit=2', allowed: everyone },
  { method: 'GET', route: '/api/review/summary', url: () => '/api/review/summary', allowed: everyone },
  { method: 'POST', route: '/api/review', url: () => '/api/review', body: () => ({ review: 'Good', rating: 5 }), allowed: signedIn },
  { method: 'GET', route: '/api/review/mine', url: () => '/api/review/mine?limit=2', allowed: signedIn },
  // Editing is the author's alone; an admin moderates by removing, never by rewriting.
  { method: 'PATCH', route: '/api/review/{id}', url: (f) => `/api/review/${f.reviewId}`, body: () => ({ review: 'Better than I said', rating: 4 }), allowed: ['owner'] },
  { method: 'DELETE', route: '/api/review/{id}', url: (f) => `/api/review/${f.reviewId}`, allowed: ownerOr('reviews'), consumes: true },
  { method: 'GET', route: '/api/social-providers', url: () => '/api/social-providers', allowed: everyone },
  { method: 'GET', route: '/api/payments/config', url: () => '/api/payments/config', allowed: everyone },
  { method: 'GET', route: '/api/client-config', url: () => '/api/client-config', allowed: everyone },
  { method: 'GET', route: '/api/pages/{slug}', url: () => '/api/pages/about', allowed: everyone },
  { method: 'GET', route: '/api/webhook-endpoints', url: () => '/api/webhook-endpoints?limit=2', ...staff('settings') },
  // API keys (decision 066): admins only, and no key opens them.
  { method: 'GET', route: '/api/admin/api-keys', url: () => '/api/admin/api-keys?limit=2', ...staff('apiKeys') },
  { method: 'POST', route: '/api/admin/api-keys', url: () => '/api/admin/api-keys', body: () => ({ name: 'Matrix ERP', scopes: ['orders:read', 'invoices:read'] }), ...staff('apiKeys') },
  // Revoking again changes nothing and answers the key again: every allowed caller may.
  { method: 'DELETE', route: '/api/admin/api-keys/{id}', url: (f) => `/api/admin/api-keys/${f.apiKeyId}`, ...staff('apiKeys') },
  {
    method: 'POST',
    route: '/api/webhook-endpoints',
    url: () => '/api/webhook-endpoints',
    body: () => ({ url: PUBLIC_RECEIVER_URL, events: ['order.paid'] }),
    ...staff('settings'),
  },
  { method: 'DELETE', route: '/api/webhook-endpoints/{id}', url: (f) => `/api/webhook-endpoints/${f.webhookEndpointId}`, ...staff('settings') },
  { method: 'GET', route: '/api/webhook-endpoints/{id}/deliveries', url: (f) => `/api/webhook-endpoints/${f.webhookEndpointId}/deliveries?limit=2`, ...staff('settings') },
  { method: 'GET', route: '/api/delivery-promotion', url: () => '/api/delivery-promotion', allowed: everyone },
  { method: 'GET', route: '/api/admin/delivery-rates', url: () => '/api/admin/delivery-rates', ...staff('settings') },
  {
    method: 'PUT',
    route: '/api/admin/delivery-rates',
    url: () => '/api/admin/delivery-rates',
    body: () => ({ rates: [{ country: 'US', charge: 4.9, freeFrom: 150 }, { country: '*', charge: 19.9 }] }),
    ...staff('settings'),
  },
  { method: 'GET', route: '/api/admin/delivery-promotion', url: () => '/api/admin/delivery-promotion', ...staff('settings') },
  {
    method: 'PUT',
    route: '/api/admin/delivery-promotion',
    url: () => '/api/admin/delivery-promotion',
    body: () => ({ percentOff: 10, active: true }),
    ...staff('settings'),
    dates: [{ in: 'body', name: 'until', label: 'Until', kind: 'moment' }],
  },
  { method: 'GET', route: '/api/admin/tax-settings', url: () => '/api/admin/tax-settings', ...staff('settings') },
  {
    method: 'PUT',
    route: '/api/admin/tax-settings',
    url: () => '/api/admin/tax-settings',
    // The test shop's own settings (US, no VAT): the cells after it price as before.
    body: () => ({ country: 'US', standardRate: 0, pricesIncludeVat: true, vatNote: 'No VAT is charged.' }),
    ...staff('settings'),
  },
  { method: 'GET', route: '/api/admin/coupons', url: () => '/api/admin/coupons?limit=2&q=fix', ...staff('settings') },
  {
    method: 'POST',
    route: '/api/admin/coupons',
    url: () => '/api/admin/coupons',
    body: () => ({ code: uniqueCouponCode(), percentOff: 10 }),
    ...staff('settings'),
    dates: COUPON_DATES,
  },
  {
    method: 'PATCH',
    route: '/api/admin/coupons/{id}',
    url: (f) => `/api/admin/coupons/${f.couponId}`,
    body: () => ({ disabled: true }),
    ...staff('settings'),
    dates: COUPON_DATES,
  },
  { method: 'GET', route: '/api/business-account', url: () => '/api/business-account', allowed: signedIn },
  { method: 'POST', route: '/api/business-account', url: () => '/api/business-account', body: () => BUSINESS_APPLICATION, allowed: signedIn },
  { method: 'GET', route: '/api/admin/business-accounts', url: () => '/api/admin/business-accounts?limit=2&q=matrix&state=pending', ...staff('tradeAccounts') },
  { method: 'POST', route: '/api/admin/business-accounts/{id}/approve', url: (f) => `/api/admin/business-accounts/${f.businessAccountId}/approve`, body: () => ({}), ...staff('tradeAccounts'), consumes: true },
  { method: 'POST', route: '/api/admin/business-accounts/{id}/refuse', url: (f) => `/api/admin/business-accounts/${f.businessAccountId}/refuse`, body: () => ({ reason: 'Not a business' }), ...staff('tradeAccounts'), consumes: true },
  {
    method: 'POST',
    route: '/api/admin/business-accounts/{id}/confirm-vat-id',
    url: (f) => `/api/admin/business-accounts/${f.businessAccountId}/confirm-vat-id`,
    body: () => ({ reason: 'Registration certificate seen' }),
    // Only an approved account's VAT id is confirmed by hand.
    prepare: async (shop, _caller, f) => {
      await shop.database.db.update(businessAccounts).set({ state: 'approved', decidedAt: new Date(), decidedBy: 'matrix@voltline.test' }).where(eq(businessAccounts.id, f.businessAccountId));
    },
    ...staff('tradeAccounts'), consumes: true,
  },
  {
    method: 'PUT',
    route: '/api/admin/business-accounts/{id}/payment-terms',
    url: (f) => `/api/admin/business-accounts/${f.businessAccountId}/payment-terms`,
    body: () => ({ netDays: 30, creditLimit: 5000 }),
    // Only an approved account is given terms.
    prepare: async (shop, _caller, f) => {
      await shop.database.db.update(businessAccounts).set({ state: 'approved', decidedAt: new Date(), decidedBy: 'matrix@voltline.test' }).where(eq(businessAccounts.id, f.businessAccountId));
    },
    ...staff('tradeAccounts'),
  },
  { method: 'GET', route: '/api/admin/orders-on-account', url: () => '/api/admin/orders-on-account?limit=2&overdue=true', ...staff('accounts') },
  {
    method: 'POST',
    route: '/api/admin/orders/{id}/bank-payments',
    url: (f) => `/api/admin/orders/${f.unpaidOrderId}/bank-payments`,
    body: () => ({ amount: 1, reference: 'Statement 7' }),
    // A bank payment is of an order on account: the owner's unpaid order made one.
    prepare: async (shop, _caller, f) => {
      await shop.database.db.update(orders).set({ paymentDueOn: sql`current_date + 30` }).where(eq(orders.id, f.unpaidOrderId));
    },
    ...staff('accounts'),
  },

  { method: 'GET', route: '/api/my-prices', url: (f) => `/api/my-prices?toolIds=${f.tool._id}`, allowed: signedIn },
  { method: 'GET', route: '/api/admin/customer-groups', url: () => '/api/admin/customer-groups', ...staff('tradeAccounts') },
  { method: 'POST', route: '/api/admin/customer-groups', url: () => '/api/admin/customer-groups', body: () => ({ key: `m-${randomUUID().slice(0, 8)}`, name: 'Matrix group' }), ...staff('tradeAccounts') },
  { method: 'PATCH', route: '/api/admin/customer-groups/{key}', url: () => '/api/admin/customer-groups/trade', body: () => ({ displayPricesWithoutVat: true }), ...staff('tradeAccounts') },
  { method: 'GET', route: '/api/admin/customer-groups/{key}/prices', url: () => '/api/admin/customer-groups/trade/prices?limit=2', ...staff('tradeAccounts') },
  { method: 'PUT', route: '/api/admin/customer-groups/{key}/prices/{toolId}', url: (f) => `/api/admin/customer-groups/trade/prices/${f.tool._id}`, body: () => ({ percentOff: 10, tiers: [{ fromUnits: 10, percentOff: 5 }] }), ...staff('tradeAccounts') },
  {
    method: 'DELETE',
    route: '/api/admin/customer-groups/{key}/prices/{toolId}',
    url: (f) => `/api/admin/customer-groups/trade/prices/${f.tool._id}`,
    // A price there to remove: a refused call must leave it.
    prepare: async (shop, _caller, f) => {
      await shop.database.db.insert(groupToolPrices).values({ groupKey: 'trade', toolId: f.tool._id, percentOffHundredths: 500 }).onConflictDoNothing();
    },
    ...staff('tradeAccounts'),
  },
  { method: 'GET', route: '/api/admin/customer-groups/{key}/members', url: () => '/api/admin/customer-groups/trade/members?limit=2', ...staff('tradeAccounts') },
  { method: 'PUT', route: '/api/admin/customer-group-members', url: () => '/api/admin/customer-group-members', body: (f) => ({ email: f.ownerEmail, group: null }), ...staff('tradeAccounts') },
  {
    method: 'GET',
    route: '/api/admin/audit',
    url: () => '/api/admin/audit?limit=2&kind=coupon',
    dates: [{ in: 'query', name: 'from', label: 'From', kind: 'day' }, { in: 'query', name: 'to', label: 'To', kind: 'day' }],
    ...staff('audit'),
  },
  { method: 'POST', route: '/api/queries', url: () => '/api/queries', body: () => QUERY_BODY, allowed: everyone },
  { method: 'GET', route: '/api/queries', url: () => '/api/queries?limit=2&status=open', ...staff('queries') },
  { method: 'PATCH', route: '/api/queries/{id}', url: (f) => `/api/queries/${f.queryId}`, body: () => ({ answered: true }), ...staff('queries') },
  { method: 'GET', route: '/api/images/{imageId}', url: (f) => f.imageUrl, allowed: everyone },
  { method: 'POST', route: '/api/upload', url: () => '/api/upload', multipart: true, allowed: signedIn },
  { method: 'GET', route: '/api/user', url: (f) => `/api/user?email=${f.ownerEmail}`, allowed: ownerAndAdmin },
  { method: 'GET', route: '/api/admin/{email}', url: (f) => `/api/admin/${f.ownerEmail}`, allowed: ownerAndAdmin },
  { method: 'PATCH', route: '/api/profile/{id}', url: (f) => `/api/profile/${f.ownerProfileId}`, body: () => ({ phone: '5550123' }), allowed: ['owner'] },
  // The same route with a role: admins only. The owner is a customer already, so the admin's call changes nothing later cells rely on.
  { method: 'PATCH', route: '/api/profile/{id}', url: (f) => `/api/profile/${f.ownerProfileId}`, body: () => ({ role: 'user' }), ...staff('team') },
  // The Team page's roles: the owner stays a customer (every row's owner is the same user), so the call changes nothing.
  { method: 'PUT', route: '/api/profile/{id}/roles', url: (f) => `/api/profile/${f.ownerProfileId}/roles`, body: () => ({ roles: [] }), ...staff('team') },
  { method: 'GET', route: '/api/profile/{id}/role-history', url: (f) => `/api/profile/${f.ownerProfileId}/role-history?limit=2`, ...staff('team') },
  {
    method: 'PATCH',
    route: '/api/user/{email}',
    url: (f) => `/api/user/${f.ownerEmail}`,
    body: (f) => ({ email: f.ownerEmail }),
    cookie: true,
    allowed: ['owner'],
  },
  // Anyone may ask who they are: a visitor is told nobody, with no token.
  { method: 'POST', route: '/api/session', url: () => '/api/session', body: () => ({}), cookie: true, allowed: everyone },
  { method: 'GET', route: '/api/allUsers', url: () => '/api/allUsers?limit=2&q=user', ...staff('team') },
  {
    method: 'POST',
    route: '/api/purchased',
    url: () => '/api/purchased',
    body: (f) => ({ toolId: f.tool._id, quantity: f.tool.minimumOrderQuantity, phone: '5550100', address: 'Somewhere 1' }),
    allowed: signedIn,
  },
  { method: 'GET', route: '/api/purchased', url: () => '/api/purchased?limit=2', allowed: signedIn },
  // Carts are the caller's own: there is no other customer's cart to reach, so every signed-in caller gets their own.
  { method: 'GET', route: '/api/cart', url: () => '/api/cart', allowed: signedIn },
  { method: 'PUT', route: '/api/cart/lines/{toolId}', url: (f) => `/api/cart/lines/${f.tool._id}`, body: (f) => ({ quantity: f.tool.minimumOrderQuantity }), allowed: signedIn },
  { method: 'DELETE', route: '/api/cart/lines/{toolId}', url: (f) => `/api/cart/lines/${f.tool._id}`, allowed: signedIn },
  { method: 'POST', route: '/api/cart/merge', url: () => '/api/cart/merge', body: (f) => ({ lines: [{ toolId: f.tool._id, quantity: f.tool.minimumOrderQuantity }] }), allowed: signedIn },
  // The checkout is of the caller's own cart (or the lines given): every signed-in caller checks out their own.
  {
    method: 'POST',
    route: '/api/checkout/quote',
    url: () => '/api/checkout/quote',
    body: (f) => ({ country: 'US', lines: [{ toolId: f.tool._id, quantity: f.tool.minimumOrderQuantity }] }),
    allowed: signedIn,
  },
  {
    method: 'POST',
    route: '/api/checkout',
    url: () => '/api/checkout',
    body: () => ({ country: 'US', phone: '5550100', address: 'Somewhere 1' }),
    prepare: async (shop, caller, f) => {
      await shop.app.inject({ method: 'PUT', url: `/api/cart/lines/${f.tool._id}`, headers: bearer(caller), payload: { quantity: f.tool.minimumOrderQuantity } });
    },
    allowed: signedIn,
  },
  { method: 'GET', route: '/api/purchasedSingle/{id}', url: (f) => `/api/purchasedSingle/${f.unpaidOrderId}`, allowed: ownerOr('readOrders'), keyPermission: 'readOrders' },
  { method: 'DELETE', route: '/api/purchasedSingle/{id}', url: (f) => `/api/purchasedSingle/${f.unpaidOrderId}`, allowed: ['owner'] },
  { method: 'GET', route: '/api/purchasedSingle/{id}/invoice.pdf', url: (f) => `/api/purchasedSingle/${f.paidOrderId}/invoice.pdf`, allowed: ownerOr('invoices'), keyPermission: 'invoices' },
  { method: 'GET', route: '/api/purchasedSingle/{id}/credit-note.pdf', url: (f) => `/api/purchasedSingle/${f.paidOrderId}/credit-note.pdf`, allowed: ownerOr('invoices'), keyPermission: 'invoices' },
  // A business account's documents as e-invoices (decision 068): the same callers as their PDFs.
  ...['invoice.xml', 'invoice-facturx.pdf', 'credit-note.xml', 'credit-note-facturx.pdf'].map(
    (file): MatrixRow => ({
      method: 'GET',
      route: `/api/purchasedSingle/{id}/${file}`,
      url: (f) => `/api/purchasedSingle/${f.paidOrderId}/${file}`,
      prepare: asBusinessDocuments,
      allowed: ownerOr('invoices'),
      keyPermission: 'invoices',
    }),
  ),
  {
    method: 'PATCH',
    route: '/api/purchasedSingle/{id}',
    url: (f) => `/api/purchasedSingle/${f.paidOrderId}`,
    // The order's own payment, recorded again as the spec's client does after paying.
    body: (f) => ({ transactionId: f.paidTransactionId, delivery: 'pending' }),
    allowed: ownerOr('accounts'),
  },
  { method: 'POST', route: '/api/create-payment-intent', url: () => '/api/create-payment-intent', body: (f) => ({ orderId: f.unpaidOrderId }), allowed: ['owner'] },
  {
    method: 'POST',
    route: '/api/payments/builtin/confirm',
    url: () => '/api/payments/builtin/confirm',
    body: (f) => ({ clientSecret: f.clientSecret, card: { number: '4242424242424242', expiry: '12/34', cvc: '123', postalCode: '10115' } }),
    // Like Stripe's confirm call, the client secret is the credential.
    allowed: everyone,
  },
  { method: 'GET', route: '/api/adminPurchased', url: () => '/api/adminPurchased?limit=2&delivery=pending&q=user', ...staff('readOrders') },
  { method: 'GET', route: '/api/adminPurchased/export.csv', url: () => '/api/adminPurchased/export.csv?status=unpaid&q=user', ...staff('readOrders') },
  {
    method: 'GET',
    route: '/api/purchasedSingle/{id}/shipments',
    url: (f) => `/api/purchasedSingle/${f.paidOrderId}/shipments?limit=5`,
    allowed: ownerOr('readOrders'),
    keyPermission: 'readOrders',
    hiddenFromOthers: true,
  },
  {
    method: 'POST',
    route: '/api/adminPurchased/{id}/shipments',
    url: (f) => `/api/adminPurchased/${f.paidOrderId}/shipments`,
    body: (f) => ({ lines: [{ toolId: f.tool._id, quantity: 1 }], carrier: MATRIX_CARRIER.name, trackingNumber: 'MX0001' }),
    ...staff('ship'), consumes: true,
  },
  {
    method: 'GET',
    route: '/api/adminPurchased/{id}/shipments/{shipmentId}/packing-slip.pdf',
    url: (f) => `/api/adminPurchased/${f.shippedOrderId}/shipments/${f.shipmentId}/packing-slip.pdf`,
    ...staff('ship'),
  },
  {
    method: 'POST',
    route: '/api/adminPurchased/{id}/shipments/{shipmentId}/delivered',
    url: (f) => `/api/adminPurchased/${f.shippedOrderId}/shipments/${f.shipmentId}/delivered`,
    body: () => ({}),
    ...staff('ship'),
  },
  {
    method: 'POST',
    route: '/api/purchasedSingle/{id}/returns',
    url: (f) => `/api/purchasedSingle/${f.shippedOrderId}/returns`,
    body: (f) => ({ lines: [{ toolId: f.tool._id, quantity: 1 }], reason: 'withdrawal', comment: 'Matrix' }),
    allowed: ownerOr('returns'), consumes: true,
    hiddenFromOthers: true,
  },
  { method: 'GET', route: '/api/purchasedSingle/{id}/return-window', url: (f) => `/api/purchasedSingle/${f.shippedOrderId}/return-window`, allowed: ownerOr('readOrders'), keyPermission: 'readOrders', hiddenFromOthers: true },
  { method: 'GET', route: '/api/returns', url: () => '/api/returns?limit=5', allowed: signedIn },
  { method: 'GET', route: '/api/me/export', url: () => '/api/me/export', allowed: signedIn },
  { method: 'GET', route: '/api/me/two-factor', url: () => '/api/me/two-factor', allowed: signedIn },

  // A customer deletes their own account (a fresh one per cell); an admin's account is not deleted (403).
  { method: 'DELETE', route: '/api/me', url: () => '/api/me', body: () => ({ confirm: 'DELETE', password: TEST_USER_PASSWORD, keepReviews: true }), freshCaller: true, allowed: ['owner', 'other'] },
  {
    method: 'POST',
    route: '/api/admin/users/{id}/erase',
    // The fuzzer, which prepares nothing, asks for the owner's: refused, their orders are open.
    url: (f) => `/api/admin/users/${f.erasableProfileId ?? f.ownerProfileId}/erase`,
    body: () => ({ request: 'Mail of 27 Nov 2026', keepReviews: false }),
    prepare: async (shop, _caller, f) => {
      f.erasableProfileId = (await registerUser(shop)).profileId;
    },
    ...staff('team'),
  },
  { method: 'GET', route: '/api/admin/returns', url: () => '/api/admin/returns?limit=5&status=requested', ...staff('returns') },
  { method: 'GET', route: '/api/admin/returns/{id}', url: (f) => `/api/admin/returns/${f.requestedReturnId}`, ...staff('returns') },
  { method: 'POST', route: '/api/admin/returns/{id}/authorise', url: (f) => `/api/admin/returns/${f.requestedReturnId}/authorise`, body: () => ({ instructions: 'Matrix' }), ...staff('returns'), consumes: true },
  { method: 'POST', route: '/api/admin/returns/{id}/refuse', url: (f) => `/api/admin/returns/${f.requestedReturnId}/refuse`, body: () => ({ reason: 'Matrix' }), ...staff('returns'), consumes: true },
  {
    method: 'POST',
    route: '/api/admin/returns/{id}/receive',
    url: (f) => `/api/admin/returns/${f.authorisedReturnId}/receive`,
    body: (f) => ({ lines: [{ toolId: f.tool._id, quantity: 1, restock: true }] }),
    ...staff('returns'), consumes: true,
  },
  { method: 'POST', route: '/api/admin/returns/{id}/refund', url: (f) => `/api/admin/returns/${f.receivedReturnId}/refund`, body: () => ({}), ...staff('refunds'), consumes: true },
  { method: 'GET', route: '/api/warranty/{serial}', url: (f) => `/api/warranty/${encodeURIComponent(f.serialNumber)}`, allowed: ownerOr('readOrders'), keyPermission: 'readOrders', hiddenFromOthers: true },
  {
    method: 'PATCH',
    route: '/api/admin/tools/{id}/warranty',
    url: (f) => `/api/admin/tools/${f.tool._id}/warranty`,
    body: () => ({ serialised: false, warrantyMonths: 36 }),
    ...staff('catalogue'),
  },
  { method: 'GET', route: '/api/admin/carriers', url: () => '/api/admin/carriers', ...staff('ship') },
  // A carrier is no user: its signature, not a role, lets it in (orders/carrier-notices.test.ts refuses the rest).
  {
    method: 'POST',
    route: '/api/carriers/{name}/notices',
    url: () => `/api/carriers/${encodeURIComponent(MATRIX_CARRIER.name)}/notices`,
    body: () => ({ trackingNumber: MATRIX_TRACKING_NUMBER, event: 'delivered', at: new Date().toISOString() }),
    headers: (body) => ({ 'voltline-signature': signWebhook(MATRIX_CARRIER.noticeSecret, JSON.stringify(body), Math.floor(Date.now() / 1000)) }),
    allowed: everyone,
    dates: [{ in: 'body', name: 'at', label: 'Delivered at', kind: 'moment' }],
  },
  { method: 'PUT', route: '/api/admin/carriers', url: () => '/api/admin/carriers', body: () => MATRIX_CARRIER, ...staff('ship') },
  { method: 'GET', route: '/api/adminPurchased/{id}/history', url: (f) => `/api/adminPurchased/${f.paidOrderId}/history`, ...staff('readOrders') },
  {
    method: 'POST',
    route: '/api/adminPurchased/{id}/refund',
    url: (f) => `/api/adminPurchased/${f.paidOrderId}/refund`,
    body: () => ({ amount: 1, reason: 'Authorization matrix' }),
    ...staff('refunds'),
  },
  { method: 'GET', route: '/api/adminOverview', url: () => '/api/adminOverview', ...staff('accounts') },
  {
    method: 'GET',
    route: '/api/admin/vat-report',
    url: () => '/api/admin/vat-report?month=2026-11',
    ...staff('accounts'),
    dates: [{ in: 'query', name: 'month', label: 'Month', kind: 'month' }],
  },
  { method: 'PATCH', route: '/api/deliverConfirm/{id}', url: (f) => `/api/deliverConfirm/${f.paidOrderId}`, body: () => ({ delivery: 'shipped' }), ...staff('ship'), consumes: true },
  { method: 'DELETE', route: '/api/deletOrder/{id}', url: (f) => `/api/deletOrder/${f.unpaidOrderId}`, ...staff('settings') },
  { method: 'GET', route: '/api/adminGetTools', url: () => '/api/adminGetTools?limit=2&sort=name&q=a', ...staff('catalogue') },
  { method: 'POST', route: '/api/addTool', url: () => '/api/addTool', body: () => newToolBody(), ...staff('catalogue') },
  {
    method: 'PATCH',
    route: '/api/updateTool/{id}',
    url: (f) => `/api/updateTool/${f.tool._id}`,
    body: () => ({ availableQuantity: 500, minimumOrderQuantity: 1, price: 12 }),
    ...staff('catalogue'),
  },
  {
    method: 'POST',
    route: '/api/admin/tools/{id}/stock-moves',
    url: (f) => `/api/admin/tools/${f.tool._id}/stock-moves`,
    body: () => ({ kind: 'received', units: 5, note: 'batch B-2026-11' }),
    ...staff('stock'),
  },
  { method: 'GET', route: '/api/admin/tools/{id}/stock-moves', url: (f) => `/api/admin/tools/${f.tool._id}/stock-moves?limit=2&kind=received`, ...staff('stock') },
  { method: 'GET', route: '/api/admin/stock/verify', url: () => '/api/admin/stock/verify', ...staff('stock') },
  // Anyone may ask to hear when a tool is back (the fixture's tool is in stock: answered, nothing stored).
  { method: 'POST', route: '/api/tools/{id}/stock-alerts', url: (f) => `/api/tools/${f.tool._id}/stock-alerts`, body: () => ({ email: 'ada@example.com' }), allowed: everyone },
  { method: 'GET', route: '/api/admin/tools/{id}/stock-alerts', url: (f) => `/api/admin/tools/${f.tool._id}/stock-alerts`, ...staff('catalogue') },
  // The link's token is the permission: whoever holds the mail may stop it.
  { method: 'GET', route: '/api/stock-alerts/unsubscribe', url: (f) => `/api/stock-alerts/unsubscribe?token=${encodeURIComponent(f.unsubscribeToken)}`, allowed: everyone },
  { method: 'POST', route: '/api/stock-alerts/unsubscribe', url: (f) => `/api/stock-alerts/unsubscribe?token=${encodeURIComponent(f.unsubscribeToken)}`, allowed: everyone },
  { method: 'POST', route: '/api/admin/categories', url: () => '/api/admin/categories', body: (f) => ({ name: 'Matrix child', slug: `${f.categorySlug}-child`, parentId: f.categoryId }), ...staff('catalogue'), consumes: true },
  { method: 'PATCH', route: '/api/admin/categories/{id}', url: (f) => `/api/admin/categories/${f.categoryId}`, body: () => ({ name: 'Matrix renamed' }), ...staff('catalogue') },
  { method: 'DELETE', route: '/api/admin/categories/{id}', url: (f) => `/api/admin/categories/${f.categoryId}`, ...staff('catalogue'), consumes: true },
  {
    method: 'POST',
    route: '/api/admin/categories/{id}/attributes',
    url: (f) => `/api/admin/categories/${f.categoryId}/attributes`,
    body: () => ({ name: 'Torque', kind: 'number', unit: 'Nm' }),
    ...staff('catalogue'), consumes: true,
  },
  {
    method: 'PATCH',
    route: '/api/admin/categories/{id}/attributes/{attributeId}',
    url: (f) => `/api/admin/categories/${f.categoryId}/attributes/${f.attributeId}`,
    body: () => ({ choices: ['Corded', 'Cordless', 'Pneumatic'] }),
    ...staff('catalogue'),
  },
  { method: 'GET', route: '/api/admin/catalogue/export.csv', url: () => '/api/admin/catalogue/export.csv', ...staff('catalogue') },
  { method: 'POST', route: '/api/admin/catalogue/import/dry-run', url: () => '/api/admin/catalogue/import/dry-run', body: (f) => ({ csv: f.catalogueCsv }), ...staff('catalogue') },
  { method: 'POST', route: '/api/admin/catalogue/import', url: () => '/api/admin/catalogue/import', body: (f) => ({ csv: f.catalogueCsv, token: f.catalogueImportToken }), ...staff('catalogue'), consumes: true },
  { method: 'DELETE', route: '/api/admin/categories/{id}/attributes/{attributeId}', url: (f) => `/api/admin/categories/${f.categoryId}/attributes/${f.attributeId}`, ...staff('catalogue'), consumes: true },
  { method: 'GET', route: '/api/tools/{id}/accessories', url: (f) => `/api/tools/${f.tool._id}/accessories?limit=2`, allowed: everyone },
  { method: 'GET', route: '/api/tools/{id}/fits', url: (f) => `/api/tools/${f.accessoryId}/fits?limit=2`, allowed: everyone },
  { method: 'GET', route: '/api/admin/families', url: () => '/api/admin/families?limit=2', ...staff('catalogue') },
  { method: 'POST', route: '/api/admin/families', url: () => '/api/admin/families', body: () => ({ name: 'Matrix family', options: ['Voltage'] }), ...staff('catalogue'), consumes: true },
  { method: 'PATCH', route: '/api/admin/families/{id}', url: (f) => `/api/admin/families/${f.familyId}`, body: () => ({ name: 'Matrix family renamed', options: ['Voltage', 'Set'] }), ...staff('catalogue') },
  { method: 'DELETE', route: '/api/admin/families/{id}', url: (f) => `/api/admin/families/${f.familyId}`, ...staff('catalogue'), consumes: true },
  { method: 'PUT', route: '/api/admin/families/{id}/tools/{toolId}', url: (f) => `/api/admin/families/${f.familyId}/tools/${f.looseToolId}`, body: () => ({ values: ['12 V', 'bare'] }), ...staff('catalogue') },
  { method: 'DELETE', route: '/api/admin/families/{id}/tools/{toolId}', url: (f) => `/api/admin/families/${f.familyId}/tools/${f.tool._id}`, ...staff('catalogue'), consumes: true },
  { method: 'PUT', route: '/api/admin/tools/{id}/accessories/{accessoryId}', url: (f) => `/api/admin/tools/${f.tool._id}/accessories/${f.looseToolId}`, body: () => ({ kind: 'charger' }), ...staff('catalogue') },
  { method: 'DELETE', route: '/api/admin/tools/{id}/accessories/{accessoryId}', url: (f) => `/api/admin/tools/${f.tool._id}/accessories/${f.accessoryId}`, ...staff('catalogue'), consumes: true },
  { method: 'GET', route: '/api/tools/{id}/pictures', url: (f) => `/api/tools/${f.tool._id}/pictures`, allowed: everyone },
  { method: 'POST', route: '/api/admin/tools/{id}/pictures', url: (f) => `/api/admin/tools/${f.tool._id}/pictures?alt=Matrix%20picture`, multipart: true, ...staff('catalogue') },
  { method: 'PUT', route: '/api/admin/tools/{id}/pictures/order', url: (f) => `/api/admin/tools/${f.tool._id}/pictures/order`, body: (f) => ({ pictureIds: [f.pictureId] }), ...staff('catalogue') },
  { method: 'PATCH', route: '/api/admin/tools/{id}/pictures/{pictureId}', url: (f) => `/api/admin/tools/${f.tool._id}/pictures/${f.pictureId}`, body: () => ({ alt: 'Matrix words' }), ...staff('catalogue') },
  { method: 'DELETE', route: '/api/admin/tools/{id}/pictures/{pictureId}', url: (f) => `/api/admin/tools/${f.tool._id}/pictures/${f.pictureId}`, ...staff('catalogue'), consumes: true },
  { method: 'DELETE', route: '/api/deleteTool/{id}', url: (f) => `/api/deleteTool/${f.tool._id}`, ...staff('catalogue'), consumes: true },
  { method: 'PATCH', route: '/api/getTool', url: (f) => `/api/getTool?toolName=${encodeURIComponent(f.tool.toolName)}`, body: () => ({ quantity: 1 }), ...staff('catalogue') },
];

export function multipartImage(bytes: Buffer) {
  const boundary = '----voltline-fixture';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

export const tinyPng = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#fa0' } }).png().toBuffer();

/** A new tool, an unpaid and a paid (partly refunded) order of the owner, an intent, an uploaded picture and a review. */
export async function freshFixtures(shop: TestShop, owner: TestUser, admin: TestUser): Promise<Fixtures> {
  const seeded = await firstTool(shop);
  const created = await shop.app.inject({
    method: 'POST',
    url: '/api/addTool',
    headers: bearer(admin),
    payload: { ...newToolBody(), availableQuantity: 1000, price: seeded.price },
  });
  const tool: Tool = (await shop.app.inject({ method: 'GET', url: `/api/getTool/${created.json().insertedId}` })).json();
  const unpaidOrderId = await placeOrder(shop, owner, tool);
  const paidOrderId = await placePaidOrder(shop, owner, tool);
  const paidTransactionId = (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${paidOrderId}`, headers: bearer(owner) })).json().transactionId;
  await shop.app.inject({ method: 'POST', url: `/api/adminPurchased/${paidOrderId}/refund`, headers: bearer(admin), payload: { amount: 1, reason: 'Fixture' } });
  const clientSecret = (await createIntent(shop, owner, unpaidOrderId)).json().clientSecret;
  await shop.app.inject({ method: 'PUT', url: '/api/admin/carriers', headers: bearer(admin), payload: MATRIX_CARRIER });
  const serialNumber = `SN-${randomUUID()}`;
  // Enough units for three returns and the owner's request of one more.
  const shippedUnits = Math.max(tool.minimumOrderQuantity, 4);
  const shippedOrderId = await placePaidOrder(shop, owner, tool, shippedUnits);
  const parcel = await shop.app.inject({
    method: 'POST',
    url: `/api/adminPurchased/${shippedOrderId}/shipments`,
    headers: bearer(admin),
    payload: { lines: [{ toolId: tool._id, quantity: shippedUnits }], carrier: MATRIX_CARRIER.name, trackingNumber: MATRIX_TRACKING_NUMBER, serialNumbers: { [tool._id]: [serialNumber] } },
  });
  const returnOne = async () =>
    (
      await shop.app.inject({
        method: 'POST',
        url: `/api/purchasedSingle/${shippedOrderId}/returns`,
        headers: bearer(owner),
        payload: { lines: [{ toolId: tool._id, quantity: 1 }], reason: 'faulty' },
      })
    ).json()._id as string;
  const adminPost = (url: string, payload: object) => shop.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
  const requestedReturnId = await returnOne();
  const authorisedReturnId = await returnOne();
  await adminPost(`/api/admin/returns/${authorisedReturnId}/authorise`, {});
  const receivedReturnId = await returnOne();
  await adminPost(`/api/admin/returns/${receivedReturnId}/authorise`, {});
  await adminPost(`/api/admin/returns/${receivedReturnId}/receive`, { lines: [{ toolId: tool._id, quantity: 1, restock: true }] });
  const form = multipartImage(await tinyPng());
  const upload = await shop.app.inject({ method: 'POST', url: '/api/upload', payload: form.payload, headers: { ...form.headers, ...bearer(owner) } });
  const endpoint = await shop.app.inject({
    method: 'POST',
    url: '/api/webhook-endpoints',
    headers: bearer(admin),
    payload: { url: PUBLIC_RECEIVER_URL, events: ['tool.stock_low'] },
  });
  const query = await shop.app.inject({ method: 'POST', url: '/api/queries', payload: QUERY_BODY });
  // The owner is every fixture set's: an account an earlier cell approved is applied for afresh.
  await shop.database.db.delete(businessAccounts).where(eq(businessAccounts.email, owner.email));
  const businessAccount = await shop.app.inject({ method: 'POST', url: '/api/business-account', headers: bearer(owner), payload: BUSINESS_APPLICATION });
  const review = await shop.app.inject({ method: 'POST', url: '/api/review', headers: bearer(owner), payload: { review: 'Fixture review', rating: 3 } });
  const coupon = await shop.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: bearer(admin), payload: { code: uniqueCouponCode(), amountOff: 5 } });
  const category = await shop.app.inject({ method: 'POST', url: '/api/admin/categories', headers: bearer(admin), payload: { name: `Matrix ${randomUUID().slice(0, 8)}` } });
  const attribute = await shop.app.inject({
    method: 'POST',
    url: `/api/admin/categories/${category.json()._id}/attributes`,
    headers: bearer(admin),
    payload: { name: 'Power source', kind: 'choice', choices: ['Corded', 'Cordless'] },
  });
  const family = await adminPost('/api/admin/families', { name: `Matrix ${randomUUID().slice(0, 8)}`, options: ['Voltage', 'Kit'] });
  await shop.app.inject({ method: 'PUT', url: `/api/admin/families/${family.json()._id}/tools/${tool._id}`, headers: bearer(admin), payload: { values: ['18 V', 'bare'] } });
  const addLoose = () => adminPost('/api/addTool', newToolBody());
  const [loose, accessory] = [await addLoose(), await addLoose()];
  await shop.app.inject({ method: 'PUT', url: `/api/admin/tools/${tool._id}/accessories/${accessory.json().insertedId}`, headers: bearer(admin), payload: { kind: 'battery' } });
  const pictureForm = multipartImage(await tinyPng());
  const picture = await shop.app.inject({ method: 'POST', url: `/api/admin/tools/${tool._id}/pictures?alt=Fixture`, payload: pictureForm.payload, headers: { ...pictureForm.headers, ...bearer(admin) } });
  const importedTool = newToolBody();
  const catalogueCsv = `toolName,description,img,price,minimumOrderQuantity,availableQuantity\r\n${[importedTool.toolName, importedTool.description, importedTool.img, importedTool.price, importedTool.minimumOrderQuantity, importedTool.availableQuantity].map(csvCell).join(',')}\r\n`;
  const importCheck = await shop.app.inject({ method: 'POST', url: '/api/admin/catalogue/import/dry-run', headers: bearer(admin), payload: { csv: catalogueCsv } });
  const apiKey = await adminPost('/api/admin/api-keys', { name: 'Fixture ERP', scopes: ['orders:read'] });
  return {
    tool,
    ownerEmail: owner.email,
    ownerProfileId: owner.profileId,
    unpaidOrderId,
    paidOrderId,
    paidTransactionId,
    clientSecret,
    imageUrl: upload.json().data.url,
    webhookEndpointId: endpoint.json()._id,
    queryId: query.json().insertedId,
    reviewId: review.json().insertedId,
    couponId: coupon.json()._id,
    unsubscribeToken: new URL(shop.core.stockAlerts.unsubscribeUrl(owner.email)).searchParams.get('token')!,
    serialNumber,
    shippedOrderId,
    shipmentId: parcel.json()._id,
    requestedReturnId,
    authorisedReturnId,
    receivedReturnId,
    categoryId: category.json()._id,
    categorySlug: category.json().slug,
    attributeId: attribute.json()._id,
    familyId: family.json()._id,
    looseToolId: loose.json().insertedId,
    accessoryId: accessory.json().insertedId,
    businessAccountId: businessAccount.json()._id,
    catalogueCsv,
    catalogueImportToken: importCheck.json().token,
    pictureId: picture.json()._id,
    apiKeyId: apiKey.json()._id,
  };
}

type ShopSnapshot = Awaited<ReturnType<typeof snapshotShop>>;

/**
 * Fixture sets handed from one row to the next while they stay as made. Making a set (an order paid,
 * shipped and returned, pictures uploaded: 37 requests) is most of a row's cost in the authorization
 * matrix and the fuzzer; a row whose calls left every watched row (db-snapshot.ts) as it found them
 * leaves its set as good as new, as a refused call is asserted to. A row that changed anything, or
 * failed before handing its set back, hands none on, and the next row makes a new set.
 */
export function fixtureHandover(shop: TestShop, owner: () => TestUser, admin: () => TestUser) {
  let untouched: Fixtures | undefined;
  return {
    /** A set as made (the last row's, or a new one), and the watched rows as they are now. */
    async take(): Promise<{ fixtures: Fixtures; asFound: ShopSnapshot }> {
      const fixtures = untouched ?? (await freshFixtures(shop, owner(), admin()));
      untouched = undefined;
      return { fixtures, asFound: await snapshotShop(shop.database.db) };
    },
    /** Hands `fixtures` on to the next row if every watched row is as it was when they were taken. */
    async giveBack(fixtures: Fixtures, asFound: ShopSnapshot): Promise<void> {
      if (isDeepStrictEqual(await snapshotShop(shop.database.db), asFound)) untouched = fixtures;
    },
  };
}

/** The row's call with `value` as one of its dates, everything else as the catalogue makes it. */
export function callWithDate(row: MatrixRow, field: DateField, fixtures: Fixtures, value: string): { url: string; body: unknown } {
  const url = row.url(fixtures);
  if (field.in === 'body') return { url, body: { ...(row.body?.(fixtures) as object), [field.name]: value } };
  const [path, query] = url.split('?') as [string, string | undefined];
  const parameters = new URLSearchParams(query);
  parameters.set(field.name, value);
  return { url: `${path}?${parameters.toString()}`, body: row.body?.(fixtures) };
}
