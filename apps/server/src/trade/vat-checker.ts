import type { VatCheckResult } from '@voltline/shared/vat-checks';

/** What a checker says of one VAT id: registered or not, or that it could not tell (the service did not answer). */
interface VatCheckAnswer {
  result: VatCheckResult;
  /** VIES's consultation number (requestIdentifier), the proof of the check; null when none was given. */
  consultationNumber: string | null;
}

/**
 * Who says whether a VAT id is registered (decision 055), as PaymentGateway says whether a card was
 * charged: the built-in checker's test ids offline, or the EU's VIES service. The shop wires the one
 * VAT_CHECK_PROVIDER names; nothing else asks which. A checker never throws for the service being
 * away: it answers `unavailable`, and the shop keeps selling with VAT.
 */
export interface VatChecker {
  provider: 'builtin' | 'vies';
  check(vatId: string): Promise<VatCheckAnswer>;
}
