import { sql } from 'drizzle-orm';
import { check } from 'drizzle-orm/pg-core';
import { COUPON_CODE_MAX_LENGTH } from '@voltline/shared/coupons';
import { TEXT_LIMITS, tooLongMessage } from '@voltline/shared/text-limits';

interface TextLimit {
  /** How a refusal names the field. */
  label: string;
  max: number;
}

const limit = (label: string, max: number): TextLimit => ({ label, max });

/** What invoices and credit notes copy from the order and the shop's settings. */
const issuedDocumentColumns = {
  number: limit('Document number', TEXT_LIMITS.documentNumber),
  seller_name: limit('Shop legal name', TEXT_LIMITS.shopLegalName),
  seller_address: limit('Shop address', TEXT_LIMITS.address),
  seller_tax_id: limit('Shop tax id', TEXT_LIMITS.taxId),
  seller_vat_note: limit('Shop VAT note', TEXT_LIMITS.shopLegalName),
  buyer_name: limit('Name', TEXT_LIMITS.personName),
  buyer_email: limit('Email', TEXT_LIMITS.email),
  buyer_phone: limit('Phone', TEXT_LIMITS.phone),
  buyer_address: limit('Address', TEXT_LIMITS.address),
  product: limit('Product', TEXT_LIMITS.toolName),
  transaction_id: limit('Transaction id', TEXT_LIMITS.transactionId),
} as const;

/**
 * Every text column of the shop's tables that a request, a copied user name or email, a gateway or
 * a webhook receiver fills, with the most characters it holds. Each gets a CHECK in the database,
 * so a path that forgets to validate is refused instead of storing a megabyte. Columns the shop
 * fills only with its own fixed values (statuses, ids, dates it formats) are left out.
 */
export const TEXT_COLUMN_LIMITS = {
  tools: {
    tool_name: limit('Tool name', TEXT_LIMITS.toolName),
    description: limit('Description', TEXT_LIMITS.toolDescription),
    img: limit('Image', TEXT_LIMITS.picture),
    sku: limit('SKU', TEXT_LIMITS.sku),
    gtin: limit('GTIN', TEXT_LIMITS.gtin),
  },
  orders: {
    product: limit('Product', TEXT_LIMITS.toolName),
    img: limit('Image', TEXT_LIMITS.picture),
    buyer: limit('Name', TEXT_LIMITS.personName),
    buyer_email: limit('Email', TEXT_LIMITS.email),
    phone: limit('Phone', TEXT_LIMITS.phone),
    address: limit('Address', TEXT_LIMITS.address),
    transaction_id: limit('Transaction id', TEXT_LIMITS.transactionId),
    delivery_name: limit('Name or company', TEXT_LIMITS.personName),
    delivery_street: limit('Street and number', TEXT_LIMITS.street),
    delivery_postcode: limit('Postcode', TEXT_LIMITS.postcode),
    delivery_city: limit('City', TEXT_LIMITS.city),
    purchase_order_number: limit('Purchase order number', TEXT_LIMITS.purchaseOrderNumber),
  },
  order_lines: {
    product: limit('Product', TEXT_LIMITS.toolName),
    img: limit('Image', TEXT_LIMITS.picture),
  },
  order_events: {
    actor_email: limit('Email', TEXT_LIMITS.email),
    detail: limit('Detail', TEXT_LIMITS.note),
  },
  reviews: {
    user_name: limit('Name', TEXT_LIMITS.personName),
    user_email: limit('Email', TEXT_LIMITS.email),
    review: limit('Review', TEXT_LIMITS.review),
    photo: limit('Photo', TEXT_LIMITS.picture),
    removed_by_email: limit('Email', TEXT_LIMITS.email),
  },
  user_profiles: {
    name: limit('Name', TEXT_LIMITS.personName),
    email: limit('Email', TEXT_LIMITS.email),
    address: limit('Address', TEXT_LIMITS.address),
    phone: limit('Phone', TEXT_LIMITS.phone),
    linked_in: limit('LinkedIn', TEXT_LIMITS.linkedIn),
    education: limit('Education', TEXT_LIMITS.education),
    profile_picture: limit('Profile picture', TEXT_LIMITS.picture),
  },
  role_changes: {
    changed_by_email: limit('Email', TEXT_LIMITS.email),
  },
  stock_movements: {
    note: limit('Note', TEXT_LIMITS.note),
    actor_email: limit('Email', TEXT_LIMITS.email),
  },
  api_keys: {
    name: limit('Name', TEXT_LIMITS.apiKeyName),
  },
  webhook_endpoints: {
    url: limit('Endpoint URL', TEXT_LIMITS.webhookUrl),
    created_by: limit('Email', TEXT_LIMITS.email),
  },
  cart_lines: {
    tool_name: limit('Tool name', TEXT_LIMITS.toolName),
    img: limit('Image', TEXT_LIMITS.picture),
  },
  queries: {
    name: limit('Name', TEXT_LIMITS.personName),
    email: limit('Email', TEXT_LIMITS.email),
    phone: limit('Phone', TEXT_LIMITS.phone),
    role: limit('Role', TEXT_LIMITS.queryRole),
    query: limit('Your query', TEXT_LIMITS.query),
    answered_by: limit('Email', TEXT_LIMITS.email),
  },
  stock_alerts: {
    email: limit('Email', TEXT_LIMITS.email),
  },
  audit_entries: {
    actor_email: limit('Email', TEXT_LIMITS.email),
    // An IPv6 address with a zone is at most 45 characters; room to spare.
    client_address: limit('Client address', 64),
  },
  account_erasures: {
    by_email: limit('Email', TEXT_LIMITS.email),
    request: limit('Request reference', TEXT_LIMITS.note),
  },
  delivery_rates: {
    country: limit('Country', TEXT_LIMITS.destination),
  },
  tax_settings: {
    country: limit('Country', TEXT_LIMITS.destination),
    vat_note: limit('The note for orders without VAT', TEXT_LIMITS.shopLegalName),
  },
  coupons: {
    code: limit('Code', COUPON_CODE_MAX_LENGTH),
    created_by: limit('Email', TEXT_LIMITS.email),
  },
  notifications: {
    last_error: limit('Delivery error', TEXT_LIMITS.note),
  },
  carriers: {
    name: limit('Carrier', TEXT_LIMITS.carrierName),
    tracking_url_template: limit('Tracking address', TEXT_LIMITS.trackingUrlTemplate),
    notice_secret: limit('Notice secret', TEXT_LIMITS.carrierNoticeSecret),
  },
  shipments: {
    carrier: limit('Carrier', TEXT_LIMITS.carrierName),
    tracking_number: limit('Tracking number', TEXT_LIMITS.trackingNumber),
    // The template with the number in it (encoded): within the two together, with room for the encoding.
    tracking_url: limit('Tracking address', TEXT_LIMITS.trackingUrlTemplate + 3 * TEXT_LIMITS.trackingNumber),
    actor_email: limit('Email', TEXT_LIMITS.email),
  },
  shipment_lines: {
    product: limit('Product', TEXT_LIMITS.toolName),
  },
  shipped_serials: {
    serial_number: limit('Serial number', TEXT_LIMITS.serialNumber),
  },
  returns: {
    comment: limit('Comment', TEXT_LIMITS.note),
    instructions: limit('Instructions', TEXT_LIMITS.note),
    refusal_reason: limit('Reason', TEXT_LIMITS.note),
  },
  return_lines: {
    product: limit('Product', TEXT_LIMITS.toolName),
  },
  return_serials: {
    serial_number: limit('Serial number', TEXT_LIMITS.serialNumber),
  },
  categories: {
    name: limit('Category name', TEXT_LIMITS.categoryName),
    slug: limit('Address name', TEXT_LIMITS.categorySlug),
  },
  category_attributes: {
    name: limit('Specification name', TEXT_LIMITS.attributeName),
    unit: limit('Unit', TEXT_LIMITS.attributeUnit),
  },
  tool_specifications: {
    choice_value: limit('Specification value', TEXT_LIMITS.attributeChoice),
  },
  tool_families: {
    name: limit('Family name', TEXT_LIMITS.familyName),
  },
  business_accounts: {
    email: limit('Email', TEXT_LIMITS.email),
    company_name: limit('Company name', TEXT_LIMITS.companyName),
    vat_id: limit('VAT id', TEXT_LIMITS.taxId),
    billing_street: limit('Street and number', TEXT_LIMITS.street),
    billing_postcode: limit('Postcode', TEXT_LIMITS.postcode),
    billing_city: limit('City', TEXT_LIMITS.city),
    billing_country: limit('Country', TEXT_LIMITS.destination),
    note: limit('Note', TEXT_LIMITS.note),
    refusal_reason: limit('Reason', TEXT_LIMITS.note),
    decided_by: limit('Email', TEXT_LIMITS.email),
    vat_confirmed_by: limit('Email', TEXT_LIMITS.email),
    vat_confirmed_reason: limit('Reason', TEXT_LIMITS.note),
  },
  customer_groups: {
    key: limit('Group code', TEXT_LIMITS.groupKey),
    name: limit('Group name', TEXT_LIMITS.groupName),
  },
  vat_checks: {
    vat_id: limit('VAT id', TEXT_LIMITS.taxId),
    consultation_number: limit('Consultation number', TEXT_LIMITS.transactionId),
  },
  tool_pictures: {
    alt: limit('Alternative text', TEXT_LIMITS.pictureAlt),
  },
  invoices: issuedDocumentColumns,
  credit_notes: {
    ...issuedDocumentColumns,
    invoice_number: limit('Invoice number', TEXT_LIMITS.documentNumber),
    reason: limit('Reason', TEXT_LIMITS.note),
  },
} as const satisfies Record<string, Record<string, TextLimit>>;

type BoundedTable = keyof typeof TEXT_COLUMN_LIMITS;

const checkName = (table: string, column: string) => `${table}_${column}_length`;

/** The CHECK constraints of one table's bounded columns (schema.ts adds them to the table). */
export function textLengthChecks(table: BoundedTable) {
  return Object.entries(TEXT_COLUMN_LIMITS[table]).map(([column, { max }]) =>
    check(checkName(table, column), sql`char_length(${sql.identifier(column)}) <= ${sql.raw(String(max))}`),
  );
}

const messageByCheck = new Map(
  Object.entries(TEXT_COLUMN_LIMITS).flatMap(([table, columns]) =>
    Object.entries(columns).map(([column, { label, max }]) => [checkName(table, column), tooLongMessage(label, max)] as const),
  ),
);

/**
 * The refusal for a database error that is one of these CHECKs, in the shop's words; undefined for
 * any other error. Drizzle wraps the driver's error, so the cause is looked at too.
 */
export function textTooLongRefusal(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23514' && typeof constraint === 'string') return messageByCheck.get(constraint);
  }
  return undefined;
}
