import { z } from 'zod';
import { text } from './text.ts';
import { PASSWORD_MISMATCH, passwordSchema } from './password.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

const emailSchema = text()
  .trim()
  .min(1, 'Email is required')
  .max(TEXT_LIMITS.email, tooLongMessage('Email', TEXT_LIMITS.email))
  .pipe(z.email('Enter a valid email'));

/** A person's name as the account and profile keep it (register, My Profile). */
export const personNameSchema = text().trim().min(1, 'Name is required').max(TEXT_LIMITS.personName, tooLongMessage('Name', TEXT_LIMITS.personName));

/** What the register form checks before it calls /api/auth/sign-up/email. */
export const registerFormSchema = z
  .object({
    name: personNameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: text(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORD_MISMATCH,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const loginFormSchema = z.object({
  email: emailSchema,
  password: text().min(1, 'Password is required').max(128, tooLongMessage('Password', 128)),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: text() })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORD_MISMATCH,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/**
 * My Profile's password change, before it calls /api/auth/change-password: the current password,
 * and a new one that keeps the spec's rules, typed twice and different from the current one.
 */
export const changePasswordFormSchema = z
  .object({
    currentPassword: text().min(1, 'Current password is required').max(128, tooLongMessage('Current password', 128)),
    password: passwordSchema,
    confirmPassword: text(),
  })
  .refine((form) => form.password === form.confirmPassword, { message: PASSWORD_MISMATCH, path: ['confirmPassword'] })
  .refine((form) => form.password !== form.currentPassword, { message: 'The new password must differ from the current one', path: ['password'] });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** PATCH /api/user/{email}: the body the spec sends, and the API token it answers. */
export const tokenRequestSchema = z.object({ email: text().max(254) }).partial();
export const tokenResponseSchema = z.object({ token: z.string() });

/**
 * POST /api/session: who is signed in on this browser and their API token, in one answer (issue 30:
 * the web app asked the identity session, then the token, two round trips before a login-only page
 * could draw). Both null when nobody is.
 */
export const sessionResponseSchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), image: z.string().nullable() }).nullable(),
  token: z.string().nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const SOCIAL_PROVIDER_IDS = ['google', 'github', 'facebook'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[number];

export const socialProvidersResponseSchema = z.object({
  providers: z.array(z.object({ id: z.enum(SOCIAL_PROVIDER_IDS), name: z.string(), enabled: z.boolean() })),
});
export type SocialProvidersResponse = z.infer<typeof socialProvidersResponseSchema>;

/** GET /client-config: what the web app needs to know about this shop's set-up. */
export const clientConfigSchema = z.object({
  tokenSyncUrl: z.string().nullable(),
  /** The shop's own country (SHOP_COUNTRY): the checkout's country until the buyer picks another. */
  shopCountry: z.string(),
  /** The shop's standard VAT rate in percent (SHOP_VAT_RATE): 0 when it charges none, and the admin forms say so. */
  vatRate: z.number(),
  /** The shop's currency (SHOP_CURRENCY, ISO 4217) and the locale its amounts are written in (SHOP_LOCALE): decision 067. */
  currency: z.string(),
  locale: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
