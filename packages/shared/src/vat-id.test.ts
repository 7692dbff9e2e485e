import { describe, expect, it } from 'vitest';
import {
  checkVatId,
  EU_MEMBER_STATES,
  type EuMemberState,
  isEuMemberState,
  vatIdCheckDigitsMessage,
  vatIdFormatMessage,
  VAT_ID_PREFIX_MESSAGE,
  vatPrefixOf,
} from './vat-id.ts';
import { VAT_ID_EXAMPLES } from './vat-id-examples.ts';
import { vatIdSchema } from './vat-id-schema.ts';

const memberStates = Object.keys(EU_MEMBER_STATES) as EuMemberState[];

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
    expect(checkVatId(' de 113.866-163 ')).toEqual({ ok: true, vatId: 'DE113866163', country: 'DE' });
    expect(checkVatId('nl 8067.53.742.b01')).toEqual({ ok: true, vatId: 'NL806753742B01', country: 'NL' });
  });

  it('knows the common formats apart', () => {
    expect(checkVatId('DE12345678').ok).toBe(false);
    expect(checkVatId('DE1234567890').ok).toBe(false);
    expect(checkVatId('AT12345678').ok).toBe(false);
    expect(checkVatId('BE2123456789').ok).toBe(false);
    expect(checkVatId('NL123456789X01').ok).toBe(false);
    expect(checkVatId('FRIO123456789').ok).toBe(false);
    expect(checkVatId('FR40303265045').ok).toBe(true);
    expect(checkVatId('ES54362315K').ok).toBe(true);
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
    expect(vatIdSchema.parse('el 094 012 834')).toBe('EL094012834');
    const refused = vatIdSchema.safeParse('IT123');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(["That VAT id is not in the format of Italy's VAT ids."]);
    const madeUp = vatIdSchema.safeParse('IT01404480203');
    expect(madeUp.error?.issues.map((issue) => issue.message)).toEqual(["That VAT id is not one of Italy's: its check digits do not match."]);
  });
});

/**
 * Per member state, real VAT ids of every form it issues (businesses' published ids and the
 * examples python-stdnum's tests use), and ids that are such an id with a digit changed, so that
 * only the check digits are wrong.
 */
const CHECK_DIGIT_EXAMPLES: Record<EuMemberState, { valid: string[]; invalid: string[] }> = {
  // U, 7 digits and a Luhn-like check digit.
  AT: { valid: ['ATU14243102', 'ATU61195628'], invalid: ['ATU14343102', 'ATU46080904'] },
  // 97 - (first 8 digits mod 97).
  BE: { valid: ['BE0202239951', 'BE0897290877'], invalid: ['BE0123456750', 'BE0406139583'] },
  // Companies 9 digits; persons 10: a birth date (EGN) or a foreigner's number (PNF).
  BG: { valid: ['BG175074752', 'BG7523169263', 'BG7111042925'], invalid: ['BG175074751', 'BG7523169264', 'BG1037735942'] },
  CY: { valid: ['CY10246672X', 'CY00632993F'], invalid: ['CY10246672F', 'CY00632893F'] },
  // Companies 8 digits, some persons 9 starting 6, else a birth number (10 digits since 1954).
  CZ: { valid: ['CZ25123891', 'CZ640903926', 'CZ7103192745'], invalid: ['CZ25123890', 'CZ640913926', 'CZ8058018314'] },
  // ISO 7064 MOD 11,10.
  DE: { valid: ['DE113866163', 'DE136695976'], invalid: ['DE125014855', 'DE123456789'] },
  DK: { valid: ['DK13202435', 'DK25186311'], invalid: ['DK11965658', 'DK27996592'] },
  EE: { valid: ['EE100931558', 'EE101256753'], invalid: ['EE100941558', 'EE101256754'] },
  // Companies (CIF, a digit or letter last), residents (DNI), foreigners (NIE: X, Y, Z), K/L/M persons.
  ES: {
    valid: ['ESA28184661', 'ESQ0818001J', 'ES54362315K', 'ESX5253868R', 'ESM1234567L'],
    invalid: ['ESA48951310', 'ESK2814015F', 'ES54362415K', 'ESX2322300W', 'ESM1234567K'],
  },
  FI: { valid: ['FI20774740', 'FI02459042'], invalid: ['FI20774741', 'FI02459043'] },
  // Numeric keys (12 + 3 x (SIREN mod 97)) mod 97; alphabetic keys; the SIREN's own Luhn digit.
  FR: {
    valid: ['FR40303265045', 'FR44732829320', 'FRK7399859412', 'FR4Z123456782'],
    invalid: ['FR45732829320', 'FR04409414264', 'FRL7399859412', 'FRK7399859312'],
  },
  GR: { valid: ['EL094012834', 'EL998386804'], invalid: ['EL094013834', 'EL094501140'] },
  // ISO 7064 MOD 11,10.
  HR: { valid: ['HR33392005961'], invalid: ['HR33392005962'] },
  HU: { valid: ['HU12509403', 'HU10672101'], invalid: ['HU12509404', 'HU10672102'] },
  // Before 2013 (a letter last), since 2013 (two letters), and the old form (a letter second).
  IE: { valid: ['IE6433435F', 'IE6433435OA', 'IE8D79739I'], invalid: ['IE6433435E', 'IE6433435OB', 'IE8D79729I'] },
  // Luhn, with a known tax office.
  IT: { valid: ['IT01404480202', 'IT00118439991'], invalid: ['IT01404480203', 'IT00118439992'] },
  // Legal persons 9 digits, temporary taxpayers 12.
  LT: { valid: ['LT119511515', 'LT100001919017', 'LT100004801610'], invalid: ['LT119511516', 'LT100001919018'] },
  LU: { valid: ['LU10059929', 'LU15027442'], invalid: ['LU10059928', 'LU15027443'] },
  // Legal persons, persons with a birth date, persons since 2017 (32...).
  LV: { valid: ['LV40003521600', 'LV16117519997', 'LV32867300679'], invalid: ['LV40003521601', 'LV16117519996', 'LV32867300678'] },
  MT: { valid: ['MT10396417', 'MT11679112'], invalid: ['MT10396418', 'MT11679113'] },
  // The mod 11 test, or (sole traders since 2020) mod 97 over the whole id.
  NL: { valid: ['NL806753742B01', 'NL002455799B11'], invalid: ['NL123456789B01', 'NL002455799B12'] },
  PL: { valid: ['PL5211355116', 'PL5840304472'], invalid: ['PL5211355117', 'PL5840304473'] },
  PT: { valid: ['PT500135495', 'PT501964843'], invalid: ['PT500135496', 'PT501964844'] },
  // 2 to 10 digits.
  RO: { valid: ['RO18547290', 'RO1822964'], invalid: ['RO18547291', 'RO1822965'] },
  SE: { valid: ['SE556200077701', 'SE202100500001'], invalid: ['SE556200077801', 'SE202100500101'] },
  SI: { valid: ['SI26808498', 'SI29664373'], invalid: ['SI26808499', 'SI29664374'] },
  // Companies: divisible by 11.
  SK: { valid: ['SK2022749619', 'SK1078449064'], invalid: ['SK2022749618', 'SK1078449164'] },
};

describe('the check digits of each member state (issue 36)', () => {
  it.each(memberStates)('takes %s ids of every form the state issues', (country) => {
    for (const vatId of [VAT_ID_EXAMPLES[country], ...CHECK_DIGIT_EXAMPLES[country].valid]) {
      expect(checkVatId(vatId), vatId).toEqual({ ok: true, vatId, country });
    }
  });

  it.each(memberStates)('refuses %s ids whose check digits do not match, naming the state', (country) => {
    for (const vatId of CHECK_DIGIT_EXAMPLES[country].invalid) {
      expect(checkVatId(vatId), vatId).toEqual({ ok: false, message: vatIdCheckDigitsMessage(country) });
    }
  });

  it('says in words which state the id fails', () => {
    expect(checkVatId('FR45732829320')).toEqual({ ok: false, message: "That VAT id is not one of France's: its check digits do not match." });
    expect(checkVatId('be 0123.456.750')).toEqual({ ok: false, message: "That VAT id is not one of Belgium's: its check digits do not match." });
    expect(checkVatId('EL094013834')).toEqual({ ok: false, message: "That VAT id is not one of Greece's: its check digits do not match." });
  });
});
