import { describe, expect, it } from 'vitest';
import { EXAMPLE_BANK_ACCOUNT, ibanChecks, parseBankAccount } from './bank-account.ts';

describe('SHOP_BANK_ACCOUNT (decision 060)', () => {
  it('reads the documented example and IBANs of several countries, spaces and case aside', () => {
    expect(parseBankAccount(EXAMPLE_BANK_ACCOUNT)).toEqual({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    expect(parseBankAccount('iban gb82 west 1234 5698 7654 32 , bic NWBKGB2L')).toEqual({ iban: 'GB82WEST12345698765432', bic: 'NWBKGB2L' });
    for (const iban of ['FR1420041010050500013M02606', 'NL91ABNA0417164300', 'BE68539007547034']) expect(ibanChecks(iban)).toBe(true);
  });

  it('refuses a mistyped IBAN (mod 97), a malformed BIC and another shape, in words', () => {
    expect(parseBankAccount('IBAN DE89370400440532013001, BIC COBADEFFXXX')).toEqual({ problem: expect.stringContaining('check digits do not match') });
    expect(parseBankAccount('IBAN DE89370400440532013000, BIC COBA')).toEqual({ problem: expect.stringContaining('is not a BIC') });
    expect(parseBankAccount('DE89370400440532013000')).toEqual({ problem: expect.stringContaining('must read like') });
  });
});
