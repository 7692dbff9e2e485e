/**
 * The longest text the shop stores in each field. The forms, the API's schemas and the database's
 * CHECK constraints all hold to these numbers, so no path (a form, a script, a copied user name)
 * can store more. Lengths count characters.
 */
export const TEXT_LIMITS = {
  /** A person's name as orders, reviews and profiles show it: the register form's limit. */
  personName: 80,
  email: 254,
  phone: 30,
  address: 300,
  /** A delivery address's fields (issue 36): with a name and the country's name they compose an `address` within its 300. */
  street: 100,
  postcode: 12,
  city: 50,
  education: 300,
  linkedIn: 300,
  review: 1000,
  /** The home page's "Ask us anything" question, stored for the admins' Queries inbox. */
  query: 2000,
  /** One of the "Ask us anything" form's roles (QUERY_ROLES), with room to spare. */
  queryRole: 40,
  toolName: 120,
  toolDescription: 2000,
  /** A tool's stock keeping unit, the shop's own code for it (issue 40). */
  sku: 64,
  /** A tool's EAN/GTIN: 8, 12, 13 or 14 digits. */
  gtin: 14,
  /** An uploaded picture's /api/images/{id} or one of the shipped catalogue drawings. */
  picture: 300,
  /** A gallery picture's alternative text: what a screen reader says instead of the picture. */
  pictureAlt: 150,
  webhookUrl: 2000,
  /** An API key's name ("ERP", "Accounting export"). */
  apiKeyName: 80,
  transactionId: 255,
  /** Why an admin gave money back; it goes into the order's history and the buyer's mail. */
  refundReason: 200,
  /** What the shop writes itself about a change or a failed delivery. */
  note: 500,
  /** A business account's company name, as its invoices name it (issue 39). */
  companyName: 120,
  /** A business buyer's purchase order number, printed on its invoice (issue 39): 35, as EDI and e-invoices allow. */
  purchaseOrderNumber: 35,

  /** A customer group's code (trade, schools) and name (issue 39, decision 059). */
  groupKey: 32,
  groupName: 80,
  /** The shop's legal name on invoices and credit notes (SHOP_LEGAL_NAME). */
  shopLegalName: 200,
  /** The shop's tax id on invoices (SHOP_TAX_ID). */
  taxId: 50,
  /** An invoice or credit note number, prefix included (INVOICE_PREFIX, CREDIT_NOTE_PREFIX). */
  documentNumber: 40,
  /** Where a delivery rate applies: an ISO 3166-1 alpha-2 code, or * for the rest of the world. */
  destination: 2,
  /** A carrier's name as admins set it (DHL, UPS) and shipments copy it. */
  carrierName: 60,
  /** A carrier's tracking address with its {tracking} placeholder. */
  trackingUrlTemplate: 500,
  /** A parcel's tracking number as the carrier prints it. */
  trackingNumber: 60,
  /** The secret a carrier signs its delivery notices with (decision 046). */
  carrierNoticeSecret: 200,
  /** A tool's serial number as its maker prints it. */
  serialNumber: 60,
  /** A category's name as the catalogue's navigation shows it (Impact drivers). */
  categoryName: 60,
  /** A category's part of its page's address: /tools/c/{slug}. */
  categorySlug: 80,
  /** A specification's name (Torque) and a number's unit (Nm). */
  attributeName: 60,
  attributeUnit: 12,
  /** One choice of a choice specification (18 V LXT), and so a tool's value of it. */
  attributeChoice: 40,
  /** A tool family's name (Impact driver DTD18) and one of its options' names (Voltage) or values (with 2 batteries). */
  familyName: 80,
  familyOption: 40,
} as const;

// The refusal wording lives with the rest of the shop's validation messages; importing it from here
// also installs them for every schema that states a text limit.
export { tooLongMessage } from './validation-messages.ts';

/**
 * The first `max` characters of a text the shop copies rather than receives (a user's name into an
 * order): cut between characters, never inside one, so the result is valid text of at most `max`.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text.slice(0, max * 2)).slice(0, max).join('');
}
