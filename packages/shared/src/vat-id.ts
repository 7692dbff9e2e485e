/*
 * The EU's member states and the format and check digits of their VAT ids, checked offline (issues
 * 29 and 36): a buyer's VAT id decides whether an order is a reverse-charge supply, so a mistyped or
 * made-up one is refused in words at once. Whether the id is registered is VIES's to say, a network
 * call the shop does not make at checkout (decision 035). No zod here: vat-id-schema.ts wraps this
 * for the routes and forms.
 */
import { CHECK_DIGITS_HOLD } from './vat-id-check-digits.ts';


/** The 27 member states (ISO 3166-1 alpha-2), with the English name a refusal uses. */
export const EU_MEMBER_STATES = {
  AT: 'Austria',
  BE: 'Belgium',
  BG: 'Bulgaria',
  CY: 'Cyprus',
  CZ: 'Czechia',
  DE: 'Germany',
  DK: 'Denmark',
  EE: 'Estonia',
  ES: 'Spain',
  FI: 'Finland',
  FR: 'France',
  GR: 'Greece',
  HR: 'Croatia',
  HU: 'Hungary',
  IE: 'Ireland',
  IT: 'Italy',
  LT: 'Lithuania',
  LU: 'Luxembourg',
  LV: 'Latvia',
  MT: 'Malta',
  NL: 'Netherlands',
  PL: 'Poland',
  PT: 'Portugal',
  RO: 'Romania',
  SE: 'Sweden',
  SI: 'Slovenia',
  SK: 'Slovakia',
} as const;
export type EuMemberState = keyof typeof EU_MEMBER_STATES;

export function isEuMemberState(country: string): country is EuMemberState {
  return Object.hasOwn(EU_MEMBER_STATES, country);
}

/** A VAT id starts with its state's ISO code, but for Greece: EL (the code of the EU's own use). */
export function vatPrefixOf(country: EuMemberState): string {
  return country === 'GR' ? 'EL' : country;
}

function memberStateOfPrefix(prefix: string): EuMemberState | undefined {
  if (prefix === 'EL') return 'GR';
  // Greece writes EL, never GR: a "GR" id is not a VAT id.
  return prefix !== 'GR' && isEuMemberState(prefix) ? prefix : undefined;
}

/**
 * What follows the prefix, per state: the formats the European Commission publishes for VIES
 * ("VAT number validation", format list) and the states' tax offices use. Letters are upper case
 * (the id is normalised first).
 */
const VAT_NUMBER_FORMATS: Record<EuMemberState, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^[0-59]\d{7}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  // A letter first or last or both (companies: B12345678; persons: 12345678Z, X1234567L).
  ES: /^([A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
  FI: /^\d{8}$/,
  // Two key characters (digits or letters but I and O), then the 9-digit SIREN.
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  GR: /^\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  // Old style 1X23456X, new style 1234567X or 1234567XW / 1234567XA...
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

export const VAT_ID_PREFIX_MESSAGE =
  'A VAT id starts with the code of an EU member state, such as DE or FR (EL for Greece).';
export function vatIdFormatMessage(country: EuMemberState): string {
  return `That VAT id is not in the format of ${EU_MEMBER_STATES[country]}'s VAT ids.`;
}
export function vatIdCheckDigitsMessage(country: EuMemberState): string {
  return `That VAT id is not one of ${EU_MEMBER_STATES[country]}'s: its check digits do not match.`;
}

/** A VAT id as written on invoices: upper case, no spaces, dots or dashes ("de 113.866.163" -> "DE113866163"). */
function normaliseVatId(text: string): string {
  return text.replace(/[\s.-]/g, '').toUpperCase();
}

export type VatIdCheck =
  | { ok: true; vatId: string; country: EuMemberState }
  | { ok: false; message: string };

const CHECK_DIGITS: Record<EuMemberState, (number: string) => boolean> = CHECK_DIGITS_HOLD;

/**
 * Checks a VAT id offline: its state from the prefix, the rest against that state's format and then
 * its check-digit algorithm (vat-id-check-digits.ts).
 */
export function checkVatId(text: string): VatIdCheck {
  const vatId = normaliseVatId(text);
  const country = memberStateOfPrefix(vatId.slice(0, 2));
  if (!country) return { ok: false, message: VAT_ID_PREFIX_MESSAGE };
  const number = vatId.slice(2);
  if (!VAT_NUMBER_FORMATS[country].test(number)) return { ok: false, message: vatIdFormatMessage(country) };
  if (!CHECK_DIGITS[country](number)) return { ok: false, message: vatIdCheckDigitsMessage(country) };
  return { ok: true, vatId, country };
}

/** The member state of a VAT id that passed `checkVatId` (undefined for anything else). */
export function memberStateOfVatId(vatId: string): EuMemberState | undefined {
  const check = checkVatId(vatId);
  return check.ok ? check.country : undefined;
}
