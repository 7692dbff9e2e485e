import { checkVatId } from '@voltline/shared/vat-id';
import type { VatChecker } from './vat-checker.ts';

/** How long a check may take before it counts as VIES unavailable: a checkout waits for it. */
const VIES_TIMEOUT_MS = 6_000;

/** What VIES's REST API answers to POST /check-vat-number (the parts the shop reads). */
interface ViesAnswer {
  valid?: unknown;
  requestIdentifier?: unknown;
  /** VALID, INVALID, or why it could not tell: MS_UNAVAILABLE, SERVICE_UNAVAILABLE, TIMEOUT, ... */
  userError?: unknown;
}

/**
 * The EU's VIES REST service (VAT_CHECK_PROVIDER=vies) at VIES_URL; tests point that at a local
 * HTTP server. The shop's own VAT id (SHOP_TAX_ID, when it is an EU one) goes with each request, so
 * VIES answers a consultation number. A slow, failing or unreadable answer is `unavailable`.
 */
export function createViesVatChecker(viesUrl: string, shopTaxId: string): VatChecker {
  const requester = checkVatId(shopTaxId);
  return {
    provider: 'vies',
    async check(vatId) {
      const unavailable = { result: 'unavailable', consultationNumber: null } as const;
      let answer: ViesAnswer;
      try {
        const response = await fetch(`${viesUrl}/check-vat-number`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            // VIES knows Greece as EL, as its VAT ids are written.
            countryCode: vatId.slice(0, 2),
            vatNumber: vatId.slice(2),
            ...(requester.ok && { requesterMemberStateCode: requester.vatId.slice(0, 2), requesterNumber: requester.vatId.slice(2) }),
          }),
          signal: AbortSignal.timeout(VIES_TIMEOUT_MS),
        });
        if (!response.ok) return unavailable;
        answer = (await response.json()) as ViesAnswer;
      } catch {
        return unavailable;
      }
      if (typeof answer.valid !== 'boolean') return unavailable;
      // VIES answers valid: false with a userError when a member state's register did not answer.
      if (!answer.valid && typeof answer.userError === 'string' && answer.userError !== 'INVALID') return unavailable;
      const consultationNumber = typeof answer.requestIdentifier === 'string' && answer.requestIdentifier !== '' ? answer.requestIdentifier : null;
      return { result: answer.valid ? 'valid' : 'invalid', consultationNumber };
    },
  };
}
