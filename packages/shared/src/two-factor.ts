import { z } from 'zod';
import { text } from './text.ts';

/**
 * Two-step sign-in (issue 41, item 3; decision 062): an authenticator app's six-digit code after
 * the password, or one of ten one-time backup codes.
 */

/** `ADMIN_TWO_FACTOR`: whether every admin must have it before the dashboard opens. */
const ADMIN_TWO_FACTOR_POLICIES = ['optional', 'required'] as const;
export type AdminTwoFactorPolicy = (typeof ADMIN_TWO_FACTOR_POLICIES)[number];

/** GET /api/me/two-factor: whether the caller has it, and whether the shop asks it of them. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The caller is an admin, whom `ADMIN_TWO_FACTOR` concerns. */
  staff: z.boolean(),
  policy: z.enum(ADMIN_TWO_FACTOR_POLICIES),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

const AUTHENTICATOR_CODE = /^\d{6}$/;
/** What the backup codes look like: ten letters and digits, shown as two groups of five. */
const BACKUP_CODE = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

/** The six digits of the authenticator app, spaces people copy along taken out. */
const authenticatorCodeSchema = text()
  .transform((code) => code.replace(/\s/g, ''))
  .refine((code) => AUTHENTICATOR_CODE.test(code), 'Enter the six digits your authenticator app shows');

/** A backup code as it was shown (`abcde-12345`). */
const backupCodeSchema = text()
  .trim()
  .refine((code) => BACKUP_CODE.test(code), 'Enter a backup code as it was shown, such as abcde-12345');

export const twoFactorCodeFormSchema = z.object({ code: authenticatorCodeSchema });

export const backupCodeFormSchema = z.object({ code: backupCodeSchema });

export const TWO_FACTOR_MESSAGES = {
  required: 'The shop asks every admin to use two-step sign-in. Turn on two-step sign-in under My Profile before you use the dashboard.',
  reminder: 'Protect the shop: turn on two-step sign-in under My Profile, so a stolen password alone cannot open the dashboard.',
  turnedOn: 'Two-step sign-in is on. Keep your backup codes somewhere safe.',
  turnedOff: 'Two-step sign-in is off.',
} as const;

/**
 * better-auth's refusals of the second step, in the shop's words (identity/auth-routes.ts puts
 * them in place of the library's English). Keyed by its error code.
 */
export const TWO_FACTOR_REFUSALS: Record<string, string> = {
  INVALID_CODE: 'That code is not right. Enter the code your authenticator app shows now.',
  INVALID_BACKUP_CODE: 'That backup code is not right, or it has been used already: each one works once.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Sign in with your password again to get another try.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many wrong codes for this account. Two-step sign-in is locked for 15 minutes; try again later.',
  INVALID_TWO_FACTOR_COOKIE: 'Your sign-in took too long or has already been used. Sign in with your password again.',
  TOTP_ALREADY_ENABLED: 'Two-step sign-in is already on for this account.',
  TOTP_NOT_ENABLED: 'Two-step sign-in is not on for this account.',
  TWO_FACTOR_NOT_ENABLED: 'Two-step sign-in is not on for this account.',
  BACKUP_CODES_NOT_ENABLED: 'Two-step sign-in is not on for this account.',
  OTP_NOT_CONFIGURED: 'The shop signs in with an authenticator app only.',
  OTP_NOT_ENABLED: 'The shop signs in with an authenticator app only.',
};
