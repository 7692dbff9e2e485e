import { createHash } from 'node:crypto';
import { BUILTIN_VAT_IDS } from '@voltline/shared/vat-checks';
import type { VatChecker } from './vat-checker.ts';

const registered = new Set<string>(BUILTIN_VAT_IDS.valid);

/**
 * The offline checker (VAT_CHECK_PROVIDER=builtin, the default): test mode, like the built-in card
 * gateway. Only the documented example ids are registered, BUILTIN_VAT_IDS.unavailable answers as a
 * VIES that cannot be reached, and any other id is not registered, so a shop running offline never
 * grants reverse charge to an id nobody checked (an admin may still confirm one by hand).
 */
export function createBuiltinVatChecker(): VatChecker {
  return {
    provider: 'builtin',
    async check(vatId) {
      if (vatId === BUILTIN_VAT_IDS.unavailable) return { result: 'unavailable', consultationNumber: null };
      if (!registered.has(vatId)) return { result: 'invalid', consultationNumber: null };
      // A consultation number of VIES's shape, different for each check.
      const number = createHash('sha256').update(`${vatId}:${Date.now()}:${Math.random()}`).digest('hex').slice(0, 12).toUpperCase();
      return { result: 'valid', consultationNumber: `TEST${number}` };
    },
  };
}
