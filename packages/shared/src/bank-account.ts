/*
 * The shop's bank account (SHOP_BANK_ACCOUNT, decision 060), printed on invoices of orders on account:
 * "IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX". The IBAN's check digits are tested by ISO 13616's
 * mod-97, so a mistyped account never reaches an invoice a customer pays to.
 */

export interface BankAccount {
  /** Without spaces, upper case: DE89370400440532013000. */
  iban: string;
  bic: string;
}

/** The documented account of the offline shop: the standard example IBAN, which no bank holds. */
export const EXAMPLE_BANK_ACCOUNT = 'IBAN DE89370400440532013000, BIC COBADEFFXXX';

/** ISO 13616: the country and check digits moved to the end, letters as 10-35, the number mod 97 is 1. */
export function ibanChecks(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** "IBAN ..., BIC ..." read, or why not in words. */
export function parseBankAccount(setting: string): BankAccount | { problem: string } {
  const match = /^\s*IBAN\s+([A-Za-z0-9 ]+?)\s*,\s*BIC\s+([A-Za-z0-9]+)\s*$/i.exec(setting);
  if (!match) return { problem: `SHOP_BANK_ACCOUNT must read like "${EXAMPLE_BANK_ACCOUNT}"` };
  const iban = match[1]!.replace(/\s+/g, '').toUpperCase();
  const bic = match[2]!.toUpperCase();
  if (!ibanChecks(iban)) return { problem: `SHOP_BANK_ACCOUNT's IBAN ${iban} is not a valid IBAN: its check digits do not match (mistyped?)` };
  if (!/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) return { problem: `SHOP_BANK_ACCOUNT's BIC ${bic} is not a BIC: 8 or 11 letters and digits, such as COBADEFFXXX` };
  return { iban, bic };
}

/** The IBAN in groups of four, as people read and type it. */
export const formatIban = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();
