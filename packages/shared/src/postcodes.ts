/**
 * How postcodes are written in the countries of the checkout's list where the format is well known
 * (issue 36): a Swiss order to a Berlin postcode is refused rather than shipped tax-free to Germany.
 * Each format is checked on the postcode without its spaces and hyphens, in upper case ("1012ab",
 * "1012 AB" and "1012-ab" are one postcode), and written back the country's way. A country not
 * here takes any short postcode as typed (spaces tidied, upper case).
 */
interface PostcodeFormat {
  /** The postcode without spaces or hyphens. */
  compact: RegExp;
  /** How the country writes it, from its compact form. */
  write: (compact: string) => string;
  /** Shown when a postcode does not match. */
  example: string;
}

const asIs = (compact: string) => compact;
/** The compact postcode with `separator` after the first `at` characters. */
const splitAt = (at: number, separator: string) => (compact: string) => `${compact.slice(0, at)}${separator}${compact.slice(at)}`;

const digits = (count: number, example: string): PostcodeFormat => ({ compact: new RegExp(`^[0-9]{${count}}$`), write: asIs, example });
const splitDigits = (count: number, at: number, separator: string, example: string): PostcodeFormat => ({
  compact: new RegExp(`^[0-9]{${count}}$`),
  write: splitAt(at, separator),
  example,
});

const POSTCODE_FORMATS: Readonly<Record<string, PostcodeFormat>> = {
  AT: digits(4, '1010'),
  AU: digits(4, '2000'),
  BE: digits(4, '1000'),
  BG: digits(4, '1000'),
  CA: { compact: /^[ABCEGHJ-NPRSTVXY][0-9][A-Z][0-9][A-Z][0-9]$/, write: splitAt(3, ' '), example: 'K1A 0B1' },
  CH: digits(4, '8001'),
  CY: digits(4, '1010'),
  CZ: splitDigits(5, 3, ' ', '110 00'),
  DE: digits(5, '10115'),
  DK: digits(4, '1050'),
  EE: digits(5, '10111'),
  ES: digits(5, '28013'),
  FI: digits(5, '00100'),
  FR: digits(5, '75001'),
  // The outward code (area, district), a space, the inward code (sector, unit): SW1A 1AA, M1 1AE.
  GB: { compact: /^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/, write: (compact) => `${compact.slice(0, -3)} ${compact.slice(-3)}`, example: 'SW1A 1AA' },
  GR: splitDigits(5, 3, ' ', '105 57'),
  HR: digits(5, '10000'),
  HU: digits(4, '1051'),
  // Eircode: a routing key, a space, a unique identifier.
  IE: { compact: /^[A-Z][0-9][0-9W][A-Z0-9]{4}$/, write: splitAt(3, ' '), example: 'D02 X285' },
  IN: digits(6, '110001'),
  IS: digits(3, '101'),
  IT: digits(5, '00184'),
  JP: splitDigits(7, 3, '-', '100-0001'),
  LI: digits(4, '9490'),
  LU: digits(4, '1009'),
  NL: { compact: /^[1-9][0-9]{3}[A-Z]{2}$/, write: splitAt(4, ' '), example: '1012 AB' },
  NO: digits(4, '0150'),
  NZ: digits(4, '6011'),
  PL: splitDigits(5, 2, '-', '00-950'),
  PT: splitDigits(7, 4, '-', '1100-148'),
  RO: digits(6, '010011'),
  SE: splitDigits(5, 3, ' ', '114 55'),
  SI: digits(4, '1000'),
  SK: splitDigits(5, 3, ' ', '811 01'),
  // ZIP or ZIP+4.
  US: { compact: /^[0-9]{5}([0-9]{4})?$/, write: (compact) => (compact.length === 9 ? splitAt(5, '-')(compact) : compact), example: '94105 or 94105-1804' },
};

/** The postcode as typed, spaces tidied and in upper case: how a postcode of a country without a format is kept. */
const tidy = (postcode: string) => postcode.trim().replace(/\s+/gu, ' ').toUpperCase();

/**
 * The postcode written the country's way ("1012ab" in NL is "1012 AB"), or, for a country the
 * shop knows no format of, as typed with its spaces tidied; undefined when it does not match the
 * country's format.
 */
export function normalisePostcode(country: string, postcode: string): string | undefined {
  const format = POSTCODE_FORMATS[country];
  if (!format) return tidy(postcode);
  const compact = tidy(postcode).replace(/[ -]/gu, '');
  return format.compact.test(compact) ? format.write(compact) : undefined;
}

/** How a postcode of that country looks ("10115"), or undefined when the shop knows no format for it. */
export const postcodeExample = (country: string): string | undefined => POSTCODE_FORMATS[country]?.example;
