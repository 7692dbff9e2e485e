import type { BusinessBuyer } from '@voltline/shared/business-accounts';
import { vatTreatmentOf, type ShopVatSettings } from '@voltline/shared/pricing';
import { vatIdMessages, type VatCheckResult, type VatIdEvidence } from '@voltline/shared/vat-checks';
import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { businessAccounts } from '../db/schema.ts';


/** What the shop knows of a buyer's VAT id before an order is priced: one indexed read. */
export interface VatIdStanding {
  /** The id the order carries: the one typed at checkout, else the approved business account's; null for neither. */
  vatId: string | null;
  /** The approved business account, when the order carries its VAT id. */
  business: BusinessBuyer | null;
  /** A passing check within VAT_CHECK_MAX_AGE_DAYS, or an admin's confirmation by hand of the account's id. */
  evidence: VatIdEvidence | null;
  /** The latest passing check of any age: the words say when an old one lapsed. */
  lastPassedAt: string | null;
}

/**
 * What pricing needs of the trade accounts (decision 055), implemented in trade/ (which pricing
 * must not import: trade mails through notifications, which reads orders, which price with this).
 */
export interface VatIdRegister {
  maxAgeDays: number;
  standing(executor: DbExecutor, customerId: string, typedVatId: string | undefined, now: Date): Promise<VatIdStanding>;
  /** Asks the checker now (outside any transaction: it may wait for VIES) and keeps its answer. */
  check(vatId: string, now: Date): Promise<{ result: VatCheckResult; checkedAt: string; consultationNumber: string | null }>;
}

/** The buyer's VAT id as an order is priced with it (kept in orders.pricing). */
export interface BuyerVat {
  /** The id the order carries and its invoice prints. */
  vatId: string | null;
  /** What allowed reverse charge for it; null when the order is not a reverse charge on its id's account. */
  evidence: VatIdEvidence | null;
  business: BusinessBuyer | null;
  /** Why VAT is charged although a VAT id was given, in words; null when it is not. */
  vatIdNote: string | null;
}

export const NO_BUYER_VAT: BuyerVat = { vatId: null, evidence: null, business: null, vatIdNote: null };

/**
 * True while the customer has no approved business account (whose VAT id would be theirs): a
 * condition of the spec's fast placement statement (decision 016), so that a consumer's order costs
 * no statement more, only this lookup on the accounts' unique index inside it. A business buyer's
 * order then places nothing there and goes the way of every order, which reads its VAT id.
 */
export const withoutBusinessAccount = (customerId: string): SQL =>
  sql`not exists (select 1 from ${businessAccounts} account where account.customer_id = ${customerId} and account.state = 'approved')`;

/**
 * Reverse charge only with a checked id (issue 39): when the order would be a reverse charge on the
 * buyer's VAT id, the id needs evidence (a passing check within the maximum age, or an admin's
 * confirmation); without it the checker is asked now and its answer kept. An id
 * still without evidence is priced as none: VAT is charged, and vatIdNote says why.
 */
export async function buyerVatOf(
  register: VatIdRegister,
  standing: VatIdStanding,
  vat: { settings: ShopVatSettings; country: string; now: Date },
): Promise<BuyerVat> {
  const { vatId, business } = standing;
  if (vatId === null) return NO_BUYER_VAT;
  const mattersHere = vatTreatmentOf(vat.settings, vat.country, vatId) === 'reverse-charge';
  if (!mattersHere) return { vatId, evidence: null, business, vatIdNote: null };
  if (standing.evidence) return { vatId, evidence: standing.evidence, business, vatIdNote: null };
  const checked = await register.check(vatId, vat.now);
  if (checked.result === 'valid') {
    return { vatId, evidence: { kind: 'checked', checkedAt: checked.checkedAt, consultationNumber: checked.consultationNumber }, business, vatIdNote: null };
  }
  const note =
    checked.result === 'invalid'
      ? vatIdMessages.notRegistered(vatId)
      : standing.lastPassedAt
        ? vatIdMessages.expired(vatId, standing.lastPassedAt, register.maxAgeDays)
        : vatIdMessages.unavailable(vatId);
  return { vatId, evidence: null, business, vatIdNote: note };
}
