import { describe, expect, it } from 'vitest';
import { checkVatId, EU_MEMBER_STATES, isEuMemberState, vatIdFormatMessage, VAT_ID_PREFIX_MESSAGE, vatPrefixOf } from './vat-id.ts';
import { VAT_ID_EXAMPLES } from './vat-id-examples.ts';
import { vatIdSchema } from './vat-id-schema.ts';

const memberStates = Object.keys(EU_MEMBER_STATES) as (keyof typeof EU_MEMBER_STATES)[];

describe('EU member states', () => {
  it('are the 27, Greece writing EL on VAT ids', () => {
    expect(memberStates).toHaveLength(27);
    expect(isEuMemberState('GR')).toBe(true);
    expect(isEuMemberState('GB')).toBe(false);
    expect(isEuMemberState('CH')).toBe(false);
    expect(vatPrefixOf('GR')).toBe('EL');
    expect(vatPrefixOf('DE')).toBe('DE');
  });
});

describe('the VAT id format check', () => {
  it.each(memberStates)('takes a %s id in its published format', (country) => {
    expect(checkVatId(VAT_ID_EXAMPLES[country])).toEqual({ ok: true, vatId: VAT_ID_EXAMPLES[country], country });
  });

  it.each(memberStates)('refuses a %s id cut to its first character, naming the state', (country) => {
    expect(checkVatId(VAT_ID_EXAMPLES[country].slice(0, 3))).toEqual({ ok: false, message: vatIdFormatMessage(country) });
  });

  it('normalises spaces, dots, dashes and case', () => {
    expect(checkVatId(' de 123.456-789 ')).toEqual({ ok: true, vatId: 'DE123456789', country: 'DE' });
    expect(checkVatId('nl 1234.56.789.b01')).toEqual({ ok: true, vatId: 'NL123456789B01', country: 'NL' });
  });

  it('knows the common formats apart', () => {
    expect(checkVatId('DE12345678').ok).toBe(false);
    expect(checkVatId('DE1234567890').ok).toBe(false);
    expect(checkVatId('AT12345678').ok).toBe(false);
    expect(checkVatId('BE2123456789').ok).toBe(false);
    expect(checkVatId('NL123456789X01').ok).toBe(false);
    expect(checkVatId('FRIO123456789').ok).toBe(false);
    expect(checkVatId('FR12123456789').ok).toBe(true);
    expect(checkVatId('ES12345678Z').ok).toBe(true);
    expect(checkVatId('ES123456789').ok).toBe(false);
    expect(checkVatId('SE123456789002').ok).toBe(false);
  });

  it('says in words what is wrong', () => {
    expect(checkVatId('DE12345')).toEqual({ ok: false, message: "That VAT id is not in the format of Germany's VAT ids." });
    // Greece's ids start with EL; GR, US and no prefix are no EU VAT id.
    for (const text of ['GR123456789', 'US123456789', '123456789', '']) {
      expect(checkVatId(text)).toEqual({ ok: false, message: VAT_ID_PREFIX_MESSAGE });
    }
  });

  it('has a schema for the routes: empty is none, the id comes out normalised, a refusal in words', () => {
    expect(vatIdSchema.parse('')).toBeUndefined();
    expect(vatIdSchema.parse('  ')).toBeUndefined();
    expect(vatIdSchema.parse('el 123 456 789')).toBe('EL123456789');
    const refused = vatIdSchema.safeParse('IT123');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(["That VAT id is not in the format of Italy's VAT ids."]);
  });
});
