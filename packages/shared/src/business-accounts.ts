import { z } from 'zod';
import { addressLine } from './delivery-address.ts';
import { countrySchema } from './order-figures.ts';
import { paymentTermsAnswerSchema } from './on-account.ts';
import { pageQuerySchema } from './paging.ts';
import { normalisePostcode, postcodeExample } from './postcodes.ts';
import { countryName } from './country-names.ts';
import { textWithLines } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';
import { vatCheckSchema } from './vat-checks.ts';
import { vatIdSchema } from './vat-id-schema.ts';

/*
 * Business accounts (issue 39, part 1; decision 055): a customer applies from My Profile with the
 * company's name, VAT id and billing address; an admin approves or refuses it on the Trade accounts
 * page. An approved account's VAT id is the buyer's at checkout, and its invoices name the company.
 */

export const BUSINESS_ACCOUNT_STATES = ['pending', 'approved', 'refused'] as const;
export type BusinessAccountState = (typeof BUSINESS_ACCOUNT_STATES)[number];

export const businessAccountStateWords: Record<BusinessAccountState, string> = {
  pending: 'Waiting for the shop',
  approved: 'Approved',
  refused: 'Refused',
};

const reasonText = (label: string) =>
  textWithLines()
    .trim()
    .min(1, `${label} is required`)
    .max(TEXT_LIMITS.note, tooLongMessage(label, TEXT_LIMITS.note));

/** POST /api/business-account: the application (or a new one after a refusal). */
export const businessAccountApplicationSchema = z
  .object({
    companyName: addressLine('Company name', TEXT_LIMITS.companyName),
    vatId: vatIdSchema.pipe(z.string({ error: 'VAT id is required' })),
    billingStreet: addressLine('Street and number', TEXT_LIMITS.street),
    billingPostcode: addressLine('Postcode', TEXT_LIMITS.postcode),
    billingCity: addressLine('City', TEXT_LIMITS.city),
    billingCountry: countrySchema,
    note: textWithLines()
      .trim()
      .max(TEXT_LIMITS.note, tooLongMessage('Note', TEXT_LIMITS.note))
      .optional()
      .transform((note) => (note === '' ? undefined : note)),
  })
  .transform((application, context) => {
    const postcode = normalisePostcode(application.billingCountry, application.billingPostcode);
    if (postcode === undefined) {
      context.addIssue({ code: 'custom', path: ['billingPostcode'], message: `A postcode in ${countryName(application.billingCountry)} is written like ${postcodeExample(application.billingCountry)}` });
      return z.NEVER;
    }
    return { ...application, billingPostcode: postcode };
  });
export type BusinessAccountApplication = z.input<typeof businessAccountApplicationSchema>;

/** An admin's approval: nothing to say but yes (a JSON body all the same, as every write takes). */
export const businessAccountApprovalSchema = z.object({}).strict();

/** An admin's refusal, or confirmation by hand of the VAT id: why, in words the customer or the file reads. */
export const businessAccountRefusalSchema = z.object({ reason: reasonText('Reason') });
export const vatIdConfirmationSchema = z.object({ reason: reasonText('Reason') });

export const businessAccountSchema = z.object({
  _id: z.string(),
  email: z.string(),
  companyName: z.string(),
  vatId: z.string(),
  billingStreet: z.string(),
  billingPostcode: z.string(),
  billingCity: z.string(),
  billingCountry: z.string(),
  note: z.string().nullable(),
  state: z.enum(BUSINESS_ACCOUNT_STATES),
  refusalReason: z.string().nullable(),
  appliedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable().describe("The deciding admin's email."),
  /** The latest check of the VAT id, whatever it said. */
  lastVatCheck: vatCheckSchema.nullable(),
  /** An admin's confirmation of the VAT id by hand: reverse charge without a recent check. */
  vatConfirmation: z.object({ confirmedBy: z.string(), confirmedAt: z.string(), reason: z.string() }).nullable(),
  /** Paying on account (decision 060): net days, the credit limit (0: card only) and what is open. */
  paymentTerms: paymentTermsAnswerSchema,
});
export type BusinessAccount = z.infer<typeof businessAccountSchema>;

/** GET /api/business-account: the caller's account, or null before they apply. */
export const ownBusinessAccountSchema = businessAccountSchema.nullable();

/** GET /api/admin/business-accounts: newest application first; q finds a company, VAT id or email; state filters. */
export const businessAccountsQuerySchema = pageQuerySchema.extend({
  state: z.enum(BUSINESS_ACCOUNT_STATES, { error: `state must be one of ${BUSINESS_ACCOUNT_STATES.join(', ')}` }).optional(),
});
export type BusinessAccountsQuery = z.infer<typeof businessAccountsQuerySchema>;

/** The company an approved business account names on its orders and invoices. */
export interface BusinessBuyer {
  companyName: string;
  billingStreet: string;
  billingPostcode: string;
  billingCity: string;
  billingCountry: string;
}

export const businessAccountMessages = {
  alreadyApproved: 'Your business account is approved already.',
  notPending: 'Only an application waiting for the shop can be approved or refused.',
  notApproved: 'Only an approved business account has its VAT id confirmed by hand.',
  notFound: 'Business account not found',
  applied: 'Your application is with the shop: you will get a mail when it is decided.',
  approvedMail: (company: string) =>
    `Your business account for ${company} is approved. Checkout now uses its VAT id, and your invoices name the company.`,
  refusedMail: (company: string, reason: string) => `Your application for a business account for ${company} was refused: ${reason}`,
};
