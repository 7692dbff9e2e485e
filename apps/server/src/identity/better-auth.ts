import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isValidPassword, PASSWORD_MAX_LENGTH, PASSWORD_NOT_VALID } from '@voltline/shared/password';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { authAccounts, authSessions, authUsers, authVerifications } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetMail } from './password-reset-mail.ts';
import { socialProviderConfigs } from './social-providers.ts';

/** The header our Fastify bridge fills with the caller's address (see auth-routes.ts). */
export const CLIENT_IP_HEADER = 'x-voltline-client-ip';

const SESSION_DAYS = 7;
const RESET_LINK_MINUTES = 30;

export interface AuthDependencies {
  db: Database;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  config: Pick<Config, 'publicUrl' | 'trustedOrigins' | 'oauth'>;
  secret: string;
  mailer: Mailer;
}

/**
 * better-auth owns passwords, sessions, password reset and OAuth. The shop adds its own rules in
 * hooks: the spec's password rules on sign-up and reset, and the distinct "user not found"
 * answer the spec's login screen shows.
 */
export function createAuth({ db, log, config, secret, mailer }: AuthDependencies) {
  return betterAuth({
    appName: 'Voltline Tools',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message) => (level === 'error' ? log.error({ source: 'better-auth' }, message) : log.warn({ source: 'better-auth' }, message)),
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: authUsers, session: authSessions, account: authAccounts, verification: authVerifications },
    }),
    // Limits are enforced per client address by the Fastify bridge, which knows the trusted proxy setting.
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth relaxes these under NODE_ENV=test; the shop keeps them on everywhere, so the
      // tests exercise the same CSRF and redirect checks production runs.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60 },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 1,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await mailer.send(passwordResetMail({ to: user.email, name: user.name, url, validMinutes: RESET_LINK_MINUTES }));
      },
    },
    account: {
      // A social sign-in joins an existing account only when the provider verified the email and
      // the account's own email is verified too (so nobody can pre-register a victim's address).
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
    },
    plugins: [genericOAuth({ config: socialProviderConfigs(config.oauth) })],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email' || ctx.path === '/reset-password') {
          const password: unknown = ctx.body?.password ?? ctx.body?.newPassword;
          if (typeof password !== 'string' || password.length > PASSWORD_MAX_LENGTH || !isValidPassword(password)) {
            throw new APIError('BAD_REQUEST', { code: 'PASSWORD_NOT_VALID', message: PASSWORD_NOT_VALID });
          }
        }
        if (ctx.path === '/sign-in/email') {
          const email: unknown = ctx.body?.email;
          if (typeof email !== 'string') return;
          // The spec's login screen tells an unknown user apart from a wrong password.
          const [known] = await db
            .select({ id: authUsers.id })
            .from(authUsers)
            .where(eq(authUsers.email, email.trim().toLowerCase()));
          if (!known) throw new APIError('UNAUTHORIZED', { code: 'USER_NOT_FOUND', message: 'user not found' });
        }
      }),
    },
  });
}
export type Auth = ReturnType<typeof createAuth>;
