import { text } from './text.ts';

/** The registration password rules of product.md, "Rules for what people type", shown live as a checklist and enforced by the server. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 10;

export interface PasswordRule {
  id: string;
  label: string;
  test(password: string): boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'min', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'max', label: `No more than ${PASSWORD_MAX_LENGTH} characters`, test: (p) => p.length <= PASSWORD_MAX_LENGTH },
  { id: 'digit', label: 'At least one digit', test: (p) => /[0-9]/.test(p) },
  { id: 'special', label: 'At least one special character (! @ # $ % ^ & *)', test: (p) => /[!@#$%^&*]/.test(p) },
  { id: 'upper', label: 'At least one uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'At least one lowercase letter', test: (p) => /[a-z]/.test(p) },
];

export const PASSWORD_NOT_VALID = 'Password is not valid';
export const PASSWORD_MISMATCH = "Password didn't match";

export function isValidPassword(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

export const passwordSchema = text().refine(isValidPassword, { message: PASSWORD_NOT_VALID });
