/**
 * One schema for PGlite and PostgreSQL, a file per business area in schema/ (as the domain folders
 * beside db/ are cut). Columns keep the spec's field names (section 3), in snake_case in SQL; the
 * `_id` the API answers is the uuid primary key. Code imports the tables from here; drizzle-kit
 * reads the files themselves (drizzle.config.ts).
 */
export * from './schema/catalogue.ts';
export * from './schema/orders.ts';
export * from './schema/shipments.ts';
export * from './schema/returns.ts';
export * from './schema/invoices.ts';
export * from './schema/payments.ts';
export * from './schema/pricing.ts';
export * from './schema/cart.ts';
export * from './schema/reviews.ts';
export * from './schema/queries.ts';
export * from './schema/notifications.ts';
export * from './schema/identity.ts';
export * from './schema/profiles.ts';
export * from './schema/images.ts';
export * from './schema/shop.ts';
export * from './schema/families.ts';
export * from './schema/trade.ts';
export * from './schema/customer-groups.ts';

export * from './schema/erasures.ts';
export * from './schema/audit.ts';
