import { z } from 'zod';
import { amountInputSchema } from './amount-input.ts';
import { formatMoney } from './money.ts';
import { PAYMENT_MAXIMUM } from './shop-constants.ts';
import { pageQuerySchema } from './paging.ts';
import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

/*
 * Paying on account (issue 39, part 3; decision 060): an approved business an admin allowed payment
 * terms (net days and a credit limit) chooses "Pay on account" at checkout; the order is invoiced at
 * once, due after its net days, and paid by bank transfers the admins record.
 */

const PAYMENT_METHODS = ['card', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const MAX_PAYMENT_TERMS_DAYS = 365;
/** Overdue reminders: one at each step of this many days past the due date, at most REMINDER_STEPS of them. */
export const REMINDER_STEP_DAYS = 7;
export const REMINDER_STEPS = 3;

/** What an order on account says it is, where the orders' own status says "unpaid". */
export const AWAITING_PAYMENT = 'awaiting payment';

/** The optional purchase order number a business buyer types at checkout. */
const purchaseOrderNumberField = text()
  .trim()
  .max(TEXT_LIMITS.purchaseOrderNumber, tooLongMessage('Purchase order number', TEXT_LIMITS.purchaseOrderNumber))
  .optional()
  .transform((number) => (number === '' ? undefined : number));

/** The checkout's choice of how to pay, and the purchase order number (checkout.ts spreads these). */
export const paymentChoiceShape = {
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'paymentMethod must be card or account' }).default('card'),
  purchaseOrderNumber: purchaseOrderNumberField,
};

/** PUT /api/admin/business-accounts/{id}/payment-terms: net days and the credit limit (0: card only). */
export const paymentTermsSchema = z.object({
  netDays: z
    .number({ error: 'Net days must be a whole number of days' })
    .int('Net days must be a whole number of days')
    .min(1, 'Net days must be at least 1')
    .max(MAX_PAYMENT_TERMS_DAYS, `Net days can be at most ${MAX_PAYMENT_TERMS_DAYS}`),
  creditLimit: amountInputSchema('Credit limit', { min: 0, max: PAYMENT_MAXIMUM }),
});
export type PaymentTerms = z.infer<typeof paymentTermsSchema>;

/** What a business account answers of its terms: the open orders on account count against the limit. */
export const paymentTermsAnswerSchema = z.object({
  netDays: z.number().int(),
  creditLimit: z.number().describe('0: the company pays by card only.'),
  openOnAccount: z.number().describe('What its orders on account still owe.'),
  creditAvailable: z.number().describe('What it may still order on account: the limit less what is open, never below 0.'),
});

/** POST /api/admin/orders/{id}/bank-payments: money received by bank transfer for an order on account. */
export const bankPaymentSchema = z.object({
  amount: amountInputSchema('Amount', { min: 0.01, max: PAYMENT_MAXIMUM }),
  reference: text()
    .trim()
    .max(TEXT_LIMITS.transactionId, tooLongMessage('Reference', TEXT_LIMITS.transactionId))
    .optional()
    .transform((reference) => (reference === '' ? undefined : reference)),
});
export type BankPayment = z.input<typeof bankPaymentSchema>;

/** GET /api/admin/orders-on-account: open orders on account, soonest due first; overdue=true only those past due. */
export const ordersOnAccountQuerySchema = pageQuerySchema.omit({ q: true }).extend({
  overdue: z.enum(['true', 'false'], { error: 'overdue must be true or false' }).optional(),
});
export type OrdersOnAccountQuery = z.infer<typeof ordersOnAccountQuerySchema>;

export const orderOnAccountSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  invoiceNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  buyerEamil: z.string(),
  purchaseOrderNumber: z.string().nullable(),
  total: z.number(),
  paid: z.number().describe('Received by bank transfer so far.'),
  outstanding: z.number(),
  dueOn: z.string().describe('YYYY-MM-DD'),
  daysOverdue: z.number().int().describe('0 until the due date has passed.'),
  remindersSent: z.number().int(),
});
export type OrderOnAccount = z.infer<typeof orderOnAccountSchema>;

export const onAccountMessages = {
  placed: 'Your order is placed on account: its invoice, with the bank details, is in My Orders.',
  termsNeedApproval: 'Only an approved business account is given payment terms.',
  noTerms: 'Paying on account needs payment terms from the shop: pay by card, or ask us for terms.',
  overCreditLimit: (limit: number, open: number) =>
    `This order would take your orders on account past your credit limit of ${formatMoney(limit)} (${formatMoney(open)} still open): pay it by card, or settle an open invoice first.`,
  payByTransfer: 'This order is paid on account: pay it by bank transfer to the account on its invoice.',
  notOnAccount: 'Only an order on account is paid by bank transfer.',
  notOpen: 'This order is not waiting for a bank payment.',
  moreThanOwed: (outstanding: number) => `This is more than the order still owes (${formatMoney(outstanding)}).`,
  cannotCancel: 'An order on account is invoiced already: ask the shop about it.',
  reminderSubject: (orderNumber: string) => `Reminder: order ${orderNumber} is overdue`,
  reminderMail: (orderNumber: string, outstanding: string, dueOn: string, daysOverdue: number) =>
    `order ${orderNumber} was due on ${dueOn}, ${daysOverdue} days ago, and ${outstanding} of it is still open. Please transfer it to the account on the invoice, with the invoice's number as the reference. If you paid it already, thank you, and please ignore this mail.`,
};
