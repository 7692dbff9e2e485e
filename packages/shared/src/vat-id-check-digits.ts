/*
 * Each member state's check-digit algorithm for the number after a VAT id's prefix (issue 36): a
 * made-up id in the right format must not turn an order into a tax-free reverse-charge supply. The
 * algorithms are the ones the European Commission publishes with VIES and the states' tax offices
 * use (python-stdnum's `stdnum/<cc>` modules are the reference they were checked against). Each is
 * given the number already in its state's format (vat-id.ts), so digits are digits and lengths are
 * right.
 */

const digitsOf = (number: string): number[] => [...number].map(Number);

/** Σ weight × digit over the number's first digits (as many as there are weights). */
function weightedSum(number: string, weights: readonly number[]): number {
  return weights.reduce((sum, weight, index) => sum + weight * Number(number[index]), 0);
}

/** The Luhn sum (mod 10) of a number with its check digit: 0 when it is right. */
function luhnSum(number: string): number {
  return digitsOf(number)
    .reverse()
    .reduce((sum, digit, index) => sum + (index % 2 === 0 ? digit : [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][digit]!), 0) % 10;
}

/** ISO 7064 MOD 11,10 over a number with its check digit (DE, HR). */
function mod11x10Holds(number: string): boolean {
  let product = 10;
  for (const digit of digitsOf(number.slice(0, -1))) {
    const sum = (digit + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === Number(number.slice(-1));
}

/** The number modulo 97, digit by digit (NL's 2020 form has more digits than a double holds). */
function mod97(digits: string): number {
  return [...digits].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0);
}

/** A real day of the Gregorian calendar (birth dates inside personal codes). */
function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A Czech or Slovak birth number (rodné číslo): a date (women's months + 50, spare months + 20), 10 digits since 1954. */
function isBirthNumber(number: string): boolean {
  const yy = Number(number.slice(0, 2));
  const month = (Number(number.slice(2, 4)) % 50) % 20;
  const day = Number(number.slice(4, 6));
  // The 9-digit form, without check digit, was issued until 1953; the 10-digit one since 1954.
  if (number.length === 9) return yy < 54 && isCalendarDate(1900 + yy, month, day);
  const year = yy < 54 ? 2000 + yy : 1900 + yy;
  return isCalendarDate(year, month, day) && Number(number.slice(0, 9)) % 11 % 10 === Number(number[9]);
}

/** Bulgaria: 9 digits for companies; 10 for persons (EGN), foreigners (PNF) and others. */
function bulgarian(number: string): boolean {
  const body = number.slice(0, -1);
  const check = Number(number.slice(-1));
  if (number.length === 9) {
    const sum = weightedSum(body, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
    return (sum === 10 ? weightedSum(body, [3, 4, 5, 6, 7, 8, 9, 10]) % 11 : sum) % 10 === check;
  }
  const yy = Number(number.slice(0, 2));
  const mm = Number(number.slice(2, 4));
  // Born since 2000: month + 40; before 1900: month + 20.
  const [year, month] = mm > 40 ? [2000 + yy, mm - 40] : mm > 20 ? [1800 + yy, mm - 20] : [1900 + yy, mm];
  const isEgn =
    isCalendarDate(year, month, Number(number.slice(4, 6))) && (weightedSum(body, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10 === check;
  const isPnf = weightedSum(body, [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10 === check;
  const isOther = (11 - (weightedSum(body, [4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11)) % 11 === check;
  return isEgn || isPnf || isOther;
}

/** Cyprus: a letter computed from the 8 digits (digits in odd places translated). */
function cypriot(number: string): boolean {
  if (number.startsWith('12')) return false;
  const oddPlace = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
  const sum = digitsOf(number.slice(0, 8)).reduce((total, digit, index) => total + (index % 2 === 0 ? oddPlace[digit]! : digit), 0);
  return String.fromCharCode(65 + (sum % 26)) === number[8];
}

/** Czechia: 8 digits for companies, 9 starting 6 for some persons, else a birth number. */
function czech(number: string): boolean {
  if (number.length === 8) {
    if (number.startsWith('9')) return false;
    const check = (11 - (weightedSum(number, [8, 7, 6, 5, 4, 3, 2]) % 11)) % 11;
    return (check || 1) % 10 === Number(number[7]);
  }
  if (number.length === 9 && number.startsWith('6')) {
    const sum = weightedSum(number.slice(1), [8, 7, 6, 5, 4, 3, 2]) % 11;
    return (18 - ((10 - sum) % 11)) % 10 === Number(number[8]);
  }
  return isBirthNumber(number);
}

/** Spain: a person's DNI (8 digits and a letter), a foreigner's NIE (X, Y, Z), K/L/M ids, or a company's CIF. */
function spanish(number: string): boolean {
  const personLetter = (digits: string) => 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(digits) % 23];
  const first = number[0]!;
  const last = number.slice(-1);
  if (/\d/.test(first)) return personLetter(number.slice(0, 8)) === last;
  if ('XYZ'.includes(first)) return personLetter(`${'XYZ'.indexOf(first)}${number.slice(1, 8)}`) === last;
  if ('KLM'.includes(first)) return personLetter(number.slice(1, 8)) === last;
  if (!'ABCDEFGHJNPQRSUVW'.includes(first)) return false;
  // A company's control is a digit or the letter standing for it, depending on its kind.
  const digit = (10 - luhnSum(`${number.slice(1, 8)}0`)) % 10;
  return last === String(digit) || last === 'JABCDEFGHI'[digit];
}

const FRENCH_KEY_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * France: two key characters before the SIREN. A numeric key is (12 + 3 × (SIREN mod 97)) mod 97;
 * the alphabetic keys of the newer form follow the Commission's second formula. The SIREN keeps its
 * own Luhn check digit, but for the 000 numbers given to businesses without one (Monaco's).
 */
function french(number: string): boolean {
  const siren = number.slice(2);
  if (!siren.startsWith('000') && luhnSum(siren) !== 0) return false;
  if (/^\d{2}$/.test(number.slice(0, 2))) return Number(number.slice(0, 2)) === (12 + 3 * (Number(siren) % 97)) % 97;
  const [first, second] = [FRENCH_KEY_ALPHABET.indexOf(number[0]!), FRENCH_KEY_ALPHABET.indexOf(number[1]!)];
  const key = first < 10 ? first * 24 + second - 10 : first * 34 + second - 100;
  return (Number(siren) + 1 + Math.floor(key / 11)) % 11 === key % 11;
}

/** Greece: each digit doubles the sum before it. */
function greek(number: string): boolean {
  const sum = digitsOf(number.slice(0, 8)).reduce((total, digit) => total * 2 + digit, 0);
  return ((sum * 2) % 11) % 10 === Number(number[8]);
}

/** Ireland: a check letter over 7 digits and the 9th character; the old form moves its first digit. */
function irish(number: string): boolean {
  const alphabet = 'WABCDEFGHIJKLMNOPQRSTUV';
  const digits = /^\d{7}/.test(number) ? number.slice(0, 7) : `0${number.slice(2, 7)}${number[0]}`;
  const sum = weightedSum(digits, [8, 7, 6, 5, 4, 3, 2]) + 9 * alphabet.indexOf(number[8] ?? 'W');
  return alphabet[sum % 23] === number[7];
}

/** Italy: Luhn, with the office code (digits 8-10) one of the provinces' or the special ones. */
function italian(number: string): boolean {
  const office = Number(number.slice(7, 10));
  const knownOffice = (office >= 1 && office <= 100) || [120, 121, 888, 999].includes(office);
  return Number(number.slice(0, 7)) > 0 && knownOffice && luhnSum(number) === 0;
}

/** Lithuania: 9 digits (legal persons) or 12 (temporary taxpayers), with a 1 before the check digit. */
function lithuanian(number: string): boolean {
  if (number[number.length - 2] !== '1') return false;
  const body = digitsOf(number.slice(0, -1));
  let sum = body.reduce((total, digit, index) => total + (1 + (index % 9)) * digit, 0) % 11;
  if (sum === 10) sum = body.reduce((total, digit, index) => total + (1 + ((index + 2) % 9)) * digit, 0) % 11;
  return sum % 10 === Number(number.slice(-1));
}

/** Latvia: legal persons start above 3; persons have a birth date (DDMMYY and a century digit) or, since 2017, start 32. */
function latvian(number: string): boolean {
  if (Number(number[0]) > 3) return weightedSum(number, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1]) % 11 === 3;
  const bornOn = () =>
    isCalendarDate(1800 + 100 * Number(number[6]) + Number(number.slice(4, 6)), Number(number.slice(2, 4)), Number(number.slice(0, 2)));
  if (!number.startsWith('32') && !bornOn()) return false;
  return ((1 + weightedSum(number, [10, 5, 8, 4, 2, 1, 6, 3, 7, 9])) % 11) % 10 === Number(number[10]);
}

/** The Netherlands: the 9 digits pass the mod 11 test, or (sole traders since 2020) NL + the whole id is 1 mod 97. */
function dutch(number: string): boolean {
  if (/^0{9}/.test(number) || number.endsWith('B00')) return false;
  const mod11 = (weightedSum(number, [9, 8, 7, 6, 5, 4, 3, 2]) - Number(number[8])) % 11 === 0;
  // Letters count as two digits each (N = 23, L = 21, B = 11), as in IBANs.
  const asDigits = `NL${number}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return mod11 || mod97(asDigits) === 1;
}

/** Slovenia: mod 11 over 7 digits; a remainder of 1 (check 10) gives 0, a remainder of 0 no valid id. */
function slovenian(number: string): boolean {
  if (number.startsWith('0')) return false;
  const check = 11 - (weightedSum(number, [8, 7, 6, 5, 4, 3, 2]) % 11);
  return check !== 11 && check % 10 === Number(number[7]);
}

/** Slovakia: a birth number, or a company's 10 digits divisible by 11 (third digit 2, 3, 4, 7, 8 or 9). */
function slovak(number: string): boolean {
  if (isBirthNumber(number)) return true;
  return !number.startsWith('0') && '234789'.includes(number[2]!) && Number(number) % 11 === 0;
}

/** Check digit = (11 - Σ weights × digits mod 11), 10 and 11 written 0 (PT, RO). */
function elevenMinusWeighted(number: string, weights: readonly number[]): boolean {
  return ((11 - (weightedSum(number.slice(-1 - weights.length, -1), weights) % 11)) % 11) % 10 === Number(number.slice(-1));
}

/** Whether the number after a VAT id's prefix has the check digits its state's algorithm gives. */
export const CHECK_DIGITS_HOLD = {
  AT: (number: string) => (6 - luhnSum(number.slice(1, 8)) + 10) % 10 === Number(number[8]),
  BE: (number: string) => Number(number) > 0 && 97 - (Number(number.slice(0, 8)) % 97) === Number(number.slice(8)),
  BG: bulgarian,
  CY: cypriot,
  CZ: czech,
  DE: (number: string) => !number.startsWith('0') && mod11x10Holds(number),
  DK: (number: string) => !number.startsWith('0') && weightedSum(number, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0,
  EE: (number: string) => weightedSum(number, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 === 0,
  ES: spanish,
  FI: (number: string) => weightedSum(number, [7, 9, 10, 5, 8, 4, 2, 1]) % 11 === 0,
  FR: french,
  GR: greek,
  HR: mod11x10Holds,
  HU: (number: string) => weightedSum(number, [9, 7, 3, 1, 9, 7, 3, 1]) % 10 === 0,
  IE: irish,
  IT: italian,
  LT: lithuanian,
  LU: (number: string) => Number(number.slice(0, 6)) % 89 === Number(number.slice(6)),
  LV: latvian,
  MT: (number: string) => !number.startsWith('0') && weightedSum(number, [3, 4, 6, 7, 8, 9, 10, 1]) % 37 === 0,
  NL: dutch,
  PL: (number: string) => weightedSum(number, [6, 5, 7, 2, 3, 4, 5, 6, 7, -1]) % 11 === 0,
  PT: (number: string) => !number.startsWith('0') && elevenMinusWeighted(number, [9, 8, 7, 6, 5, 4, 3, 2]),
  // Up to 10 digits, weighted from the right as if padded to 10.
  RO: (number: string) => elevenMinusWeighted(number, [7, 5, 3, 2, 1, 7, 5, 3, 2].slice(10 - number.length)),
  SE: (number: string) => luhnSum(number.slice(0, 10)) === 0,
  SI: slovenian,
  SK: slovak,
};
