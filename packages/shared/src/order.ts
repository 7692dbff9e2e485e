import { formatMoney } from './money.ts';
import { amountInputSchema } from './amount-input.ts';
import { PAYMENT_MAXIMUM } from './shop-constants.ts';
import { z } from 'zod';
import { text, textWithLines } from './text.ts';
import { DELIVERY_STATES, ORDER_STATUSES } from './shop-constants.ts';
import { entityIdSchema } from './id.ts';
import { pageQuerySchema } from './paging.ts';
import { phoneSchema } from './phone.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';
import { quantityBreach } from './order-rules.ts';
import { orderFiguresShape, pricingChoicesShape } from './order-figures.ts';
import { deliveryAddressRule, deliveryAddressShape } from './delivery-address.ts';

/** One line of an order: a tool, its units, and what they cost when the order was placed (decision 037). */
const orderLineSchema = z.object({
  /** Null once the tool is deleted; the line keeps its name, picture and price. */
  toolId: z.string().nullable(),
  product: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** An order, as the API answers it (product.md, "Things the shop keeps"; `buyerEamil` is spelled as the spec has it). */
export const orderSchema = z.object({
  _id: entityIdSchema,
  orderNumber: z
    .string()
    .describe("The number people name the order by (`VL-10042`): short, sequential in placement order, unique. Not the spec's: `_id` stays the order's key in every address."),
  toolId: z.string().nullable(),
  product: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  price: z.number(),
  img: z.string(),
  buyer: z.string(),
  buyerEamil: z.string(),
  phone: z.string(),
  address: z.string(),
  purchaseDate: z.string(),
  status: z.enum(ORDER_STATUSES),
  transactionId: z.string().nullable(),
  delivery: z.enum(DELIVERY_STATES).nullable(),
  shippedUnits: z
    .number()
    .int()
    .describe("Units shipped so far, in all of the order's parcels (GET /purchasedSingle/{id}/shipments). `delivery` stays pending until they are `quantity`: between 0 and `quantity` the order is partially shipped."),
  /** Dollars given back so far (0 for most orders); equal to `price` once `status` is `refunded`. */
  refundedAmount: z.number(),
  /** What can still be given back: `price` less `refundedAmount` (the refund dialog's rest). */
  refundableAmount: z.number(),
  // Described for the API docs (GET /api/docs), where integrators read the order's fields.
  invoiceNumber: z
    .string()
    .nullable()
    .describe(
      "The number of the order's invoice (INV-000042), issued with its payment. Null while unpaid, and when the order has none (paid before the shop issued invoices, or refunded the moment its payment arrived): then it has no invoice and no credit note to download.",
    ),
  /** Cancelled by its buyer, an admin or the shop (unpaid too long, or refunded in full before shipping); kept on record. */
  cancelled: z.boolean(),
  paymentDueOn: z
    .string()
    .nullable()
    .describe('Paying on account (decision 060): the day its invoice is due (YYYY-MM-DD), the invoice issued when the order was placed. Null for orders paid by card.'),
  bankPaidAmount: z.number().describe('Received by bank transfer so far, for an order on account; it is paid once this reaches `price`.'),
  purchaseOrderNumber: z.string().nullable().describe("The business buyer's purchase order number, printed on the invoice."),
  companyName: z
    .string()
    .nullable()
    .describe(
      'The company of the approved business account the order was placed under (issue 39), named on its invoice; its invoice and credit notes are e-invoices too (`invoice.xml`, `invoice-facturx.pdf`, decision 068). Null for a consumer\'s order.',
    ),
  lines: z
    .array(orderLineSchema)
    .describe(
      "Every tool of the order, in the order placed. The spec's fields summarise them: `price` is what is to be paid, `quantity` the units in all, `product`, `img` and `toolId` the first line's (`product` ends \"and N more\" when there are several lines), `unitPrice` the first line's unit price.",
    ),
  // What the order costs (issue 29): `total` is `price`. Orders placed before delivery and VAT answer
  // their price as subtotal and total, no VAT (`vatTreatment` none) and a null country.
  ...orderFiguresShape,
  country: z.string().nullable().describe('Where the order is delivered (ISO code); null for orders placed before checkout asked it.'),
  couponCode: z.string().nullable(),
  vatId: z.string().nullable().describe("The buyer's VAT id, as given at checkout (normalised), or null."),
  // The delivery address's fields (issue 36); its country is `country`. `address` is composed from them.
  deliveryName: z.string().nullable().describe('Who the order is delivered to (a name or a company); null when the address was given as one text (`address`).'),
  deliveryStreet: z.string().nullable().describe('The street and number; null when the address was given as one text.'),
  deliveryPostcode: z.string().nullable().describe("The postcode, written as `country` writes them; null when the address was given as one text."),
  deliveryCity: z.string().nullable().describe('The city; null when the address was given as one text.'),
});
export type Order = z.infer<typeof orderSchema>;

// The rules of an order's quantity and total live apart from the schemas, so that public pages use them without zod.
export { orderQuantityMessages, orderTotal } from './order-rules.ts';

/**
 * A whole number of units, as a number or as the digits a form field gives (the spec's client sends
 * `"2"`). Anything else ("2.5", "1e3", "", " 2") is refused: it is not what a customer typed as a count.
 */
export const quantityField = z.union(
  [
    z.number().int('Quantity must be a whole number'),
    text()
      .regex(/^[0-9]{1,10}$/, 'Quantity must be a whole number')
      .transform(Number),
  ],
  { error: 'Quantity must be a whole number' },
);

/** A phone number as the spec's client sends it: text, or a number. */
export const phoneField = z.union([phoneSchema, z.number().int().nonnegative().transform(String).pipe(phoneSchema)]);

export const addressSchema = textWithLines()
  .trim()
  .min(1, 'Address is required')
  .max(TEXT_LIMITS.address, tooLongMessage('Address', TEXT_LIMITS.address));

/**
 * POST /purchased. The spec's client sends the whole order; the server uses only the tool, the
 * quantity and where to deliver. Price, buyer, email, status and date are decided by the server.
 */
export const placeOrderSchema = deliveryAddressRule(
  z
    .object({
      toolId: text().max(100).optional(),
      /** The spec's client names the tool instead of sending its id. */
      product: text().max(200).optional(),
      quantity: quantityField,
      phone: phoneField,
      address: addressSchema.optional(),
      // Not the spec's: how the one-tool order is priced (issue 29). Without a country the order is
      // delivered in the shop's own country (SHOP_COUNTRY).
      ...pricingChoicesShape,
      country: pricingChoicesShape.country.optional(),
      // Not the spec's either: the address as fields, in `country` (issue 36), instead of `address`.
      ...deliveryAddressShape,
    })
    .refine((order) => order.toolId !== undefined || order.product !== undefined, {
      message: 'Say which tool to order (toolId)',
      path: ['toolId'],
    }),
);

/**
 * The purchase form, checked in the browser against the tool's current limits, and, given its
 * price, against what one card payment takes (as POST /purchased checks).
 */
export function purchaseFormSchema(tool: { minimumOrderQuantity: number; availableQuantity: number; price?: number }) {
  const limits = { minimum: tool.minimumOrderQuantity, orderable: tool.availableQuantity, unitPrice: tool.price };
  return deliveryAddressRule(
    z.object({
      // The bounds come first: 99999999999999999999 is "too many", not "not a whole number" (the
      // form shows the first refusal).
      quantity: z
        .number({ error: 'Quantity must be a number' })
        .check((context) => {
          const breach = quantityBreach(limits, context.value);
          if (breach) context.issues.push({ code: 'custom', message: breach.message, input: context.value });
        })
        .int('Quantity must be a whole number'),
      phone: phoneSchema,
      // The purchase page is a one-tool checkout (issue 29): where it goes, a coupon, a VAT id.
      ...pricingChoicesShape,
      ...deliveryAddressShape,
    }),
  );
}

export const insertedSchema = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
export const deletedSchema = z.object({ acknowledged: z.boolean(), deletedCount: z.number().int() });

/** PATCH /purchasedSingle/{id}: the spec's payment update. */
export const paymentUpdateSchema = z.object({
  transactionId: text().trim().min(1).max(TEXT_LIMITS.transactionId, tooLongMessage('Transaction id', TEXT_LIMITS.transactionId)),
  delivery: z.literal('pending'),
});

/** The `status` filters of Manage All Orders: the spec's unpaid, and refunded and cancelled orders (issues 14, 26). */
const ADMIN_ORDER_STATUS_FILTERS = ['unpaid', 'refunded', 'cancelled'] as const;

/**
 * GET /adminPurchased: the filters of Manage All Orders, a page at a time, with search.
 * `status=refunded` lists every order with money given back, in part or in full, cancelled ones included;
 * `status=cancelled` the cancelled ones; no filter every order.
 */
export const adminOrdersQuerySchema = pageQuerySchema.extend({
  delivery: z.enum(DELIVERY_STATES).optional(),
  status: z.enum(ADMIN_ORDER_STATUS_FILTERS).optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const refundMessages = {
  unpaid: 'This order is not paid: there is nothing to refund.',
  alreadyRefunded: 'This order is already refunded in full.',
  pastTotal: (left: number) => `Only ${formatMoney(left)} of this order is left to refund.`,
  notAnAmount: 'Amount must be an amount such as 12.50',
  noReason: 'Say why the order is refunded',
};

/**
 * POST /adminPurchased/{id}/refund: dollars and cents (default: all that is left to refund) and
 * why. Numbers written as digits are taken, as on the purchase form.
 */
export const refundOrderSchema = z.object({
  amount: z
    // Each branch names the rule too: a form's resolver shows the first branch's message, not the union's.
    .union(
      [
        z.number({ error: refundMessages.notAnAmount }),
        text().regex(/^[0-9]{1,10}(\.[0-9]{1,2})?$/, refundMessages.notAnAmount).transform(Number),
      ],
      { error: refundMessages.notAnAmount },
    )
    .pipe(amountInputSchema('Amount', { min: 0.01, max: PAYMENT_MAXIMUM }))
    .optional(),
  reason: textWithLines({ error: refundMessages.noReason })
    .trim()
    .min(1, refundMessages.noReason)
    .max(TEXT_LIMITS.refundReason, tooLongMessage('Reason', TEXT_LIMITS.refundReason)),
});
export type RefundOrder = z.input<typeof refundOrderSchema>;

/** The refund's answer: how much has been given back in all, and the order's status now. */
export const refundAnswerSchema = z.object({
  acknowledged: z.boolean(),
  refundedAmount: z.number(),
  status: z.enum(ORDER_STATUSES),
});


const ORDER_EVENT_TYPES = ['placed', 'paid', 'bank_payment', 'shipped', 'cancelled', 'refunded', 'return'] as const;
export const orderEventSchema = z.object({
  type: z.enum(ORDER_EVENT_TYPES),
  at: z.string(),
  actorEmail: z.string().nullable(),
  detail: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** How many low-stock tools the overview names: the furthest below their minimum first. */
export const LOW_STOCK_SHOWN = 20;

export const shopOverviewSchema = z.object({
  days: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.number() })),
  /** The LOW_STOCK_SHOWN tools furthest below their minimum order quantity. */
  lowStockTools: z.array(
    z.object({ _id: z.string(), toolName: z.string(), availableQuantity: z.number().int(), minimumOrderQuantity: z.number().int() }),
  ),
  /** Every tool below its minimum, named or not. */
  lowStockCount: z.number().int(),
});
export type ShopOverview = z.infer<typeof shopOverviewSchema>;
