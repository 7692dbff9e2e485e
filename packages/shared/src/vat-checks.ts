import { z } from 'zod';
import { VAT_ID_EXAMPLES } from './vat-id-examples.ts';

/*
 * Whether a VAT id is registered (issue 39, decision 055): asked of the EU's VIES service through a
 * checker behind a gateway (VAT_CHECK_PROVIDER), as cards are charged through one. Reverse charge
 * needs an id that passed a check within VAT_CHECK_MAX_AGE_DAYS, or that an admin confirmed by hand;
 * otherwise VAT is charged and the buyer is told why in these words.
 */

/** valid: registered; invalid: not registered; unavailable: the service (or the member state's) did not answer. */
const VAT_CHECK_RESULTS = ['valid', 'invalid', 'unavailable'] as const;
export type VatCheckResult = (typeof VAT_CHECK_RESULTS)[number];

/**
 * The built-in checker's test ids (VAT_CHECK_PROVIDER=builtin, offline, like the built-in gateway's
 * test cards): the one example id of each member state in vat-id-examples.ts is registered
 * (DE113866163, FR40303265045, ...); `invalid` and any other id is not; `unavailable` answers as a
 * VIES that cannot be reached. All have their state's check digits, so the format check lets them by.
 */
export const BUILTIN_VAT_IDS = {
  valid: Object.values(VAT_ID_EXAMPLES),
  invalid: 'ATU10000005',
  unavailable: 'ATU10000014',
} as const;

/** A check as the shop answers it: when, what VIES said, and its consultation number (the proof of the check). */
export const vatCheckSchema = z.object({
  vatId: z.string(),
  result: z.enum(VAT_CHECK_RESULTS),
  checkedAt: z.string().describe('When the check was made (ISO 8601).'),
  consultationNumber: z.string().nullable().describe("VIES's consultation number (requestIdentifier), when it gave one."),
});

/** What made an order's reverse charge allowed, as the order keeps it and the invoice prints it. */
export type VatIdEvidence =
  | { kind: 'checked'; checkedAt: string; consultationNumber: string | null }
  | { kind: 'confirmed'; confirmedAt: string; confirmedBy: string; reason: string };

const shortDate = (iso: string) => iso.slice(0, 10);

/** Why an order with a VAT id is charged VAT all the same, in words (the quote, the checkout). */
export const vatIdMessages = {
  notRegistered: (vatId: string) =>
    `VIES, the EU's register of VAT ids, does not list ${vatId}, so VAT is charged. Reverse charge needs a registered VAT id: check the id, or ask the shop to confirm it.`,
  unavailable: (vatId: string) =>
    `The EU's VAT id service (VIES) could not be reached to check ${vatId}, so VAT is charged on this order. Try again later, or ask the shop to confirm your VAT id.`,
  expired: (vatId: string, lastPassed: string, maxAgeDays: number) =>
    `${vatId} was last found registered on ${shortDate(lastPassed)}, more than ${maxAgeDays} days ago, and VIES could not be reached to check it again, so VAT is charged on this order. Try again later, or ask the shop to confirm your VAT id.`,
  /** On the invoice, beside the reverse charge. */
  evidence: (evidence: VatIdEvidence) =>
    evidence.kind === 'checked'
      ? `VAT id checked with VIES on ${shortDate(evidence.checkedAt)}${evidence.consultationNumber ? `, consultation number ${evidence.consultationNumber}` : ''}.`
      : `VAT id confirmed by the shop on ${shortDate(evidence.confirmedAt)}.`,
};
