import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, gtinInputSchema, gtinMessages, skuInputSchema } from './tool-codes.ts';

describe('tool codes', () => {
  it.each(['96385074', '036000291452', '4006381333931', '10012345678902'])('takes the GTIN %s, whose check digit is right', (gtin) => {
    expect(gtinCheckDigit(gtin.slice(0, -1))).toBe(Number(gtin.slice(-1)));
    expect(gtinInputSchema.parse(gtin)).toBe(gtin);
  });

  it('keeps a GTIN typed with spaces and dashes as its digits; empty is none', () => {
    expect(gtinInputSchema.parse(' 400-6381 333931 ')).toBe('4006381333931');
    expect(gtinInputSchema.parse('')).toBeNull();
    expect(gtinInputSchema.parse(null)).toBeNull();
  });

  it('names the check digit and its rule when it is wrong', () => {
    const result = gtinInputSchema.safeParse('4006381333932');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(gtinMessages.checkDigit('4006381333932', 1));
    expect(result.error?.issues[0]?.message).toMatch(/last digit must be 1.*3, 1, 3, 1.*multiple of 10/);
  });

  it.each(['1234567', '12345678901', 'ABCDEFGH', '123456789012345'])('refuses %s, which is no GTIN length of digits', (gtin) => {
    expect(gtinInputSchema.safeParse(gtin).error?.issues[0]?.message).toBe(gtinMessages.notDigits);
  });

  it('takes a SKU of letters, digits and . _ / -, and refuses spaces and over-long ones in words', () => {
    expect(skuInputSchema.parse(' VL-CD18/2.0_b ')).toBe('VL-CD18/2.0_b');
    expect(skuInputSchema.parse('  ')).toBeNull();
    expect(skuInputSchema.safeParse('VL CD18').error?.issues[0]?.message).toMatch(/letters, digits/);
    expect(skuInputSchema.safeParse('x'.repeat(65)).error?.issues[0]?.message).toMatch(/SKU/);
  });
});
