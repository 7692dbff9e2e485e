import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth, twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@voltline/shared/password';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { authAccounts, authSessions, authTwoFactors, authUsers, authVerifications, userProfiles } from '../db/schema.ts';
import type { Mailer } from '../platform/mailer.ts';
import { assertAuthCallAcceptable, boundedSession, boundedUser } from './auth-input-rules.ts';
import { passwordHashingOptions } from './password-hashing.ts';
import { passwordResetMail } from './password-reset-mail.ts';
import { socialEmailConfirmation } from './social-email-confirmation.ts';
import { refuseEmailTheProviderDoesNotVouchFor, socialProviderConfigs } from './social-providers.ts';

/** Where better-auth answers; the bridge counts and checks paths under it (auth-routes.ts). */
export const AUTH_BASE_PATH = '/api/auth';

/** The header our Fastify bridge fills with the caller's address (see auth-routes.ts). */
export const CLIENT_IP_HEADER = 'x-voltline-client-ip';

const SESSION_DAYS = 7;
/** The name an authenticator app shows beside the account's codes. */
const TWO_FACTOR_ISSUER = 'Voltline Tools';
const RESET_LINK_MINUTES = 30;

export interface AuthDependencies {
  db: Database;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  config: Pick<Config, 'publicUrl' | 'trustedOrigins' | 'oauth' | 'passwordHashing'>;
  secret: string;
  mailer: Mailer;
}

/**
 * better-auth owns passwords, sessions, password reset and OAuth. The shop adds its own rules in
 * hooks: the spec's password rules on every password a call stores, a maximum on every text it
 * stores (auth-input-rules.ts), and the distinct "user not found" answer the spec's login screen shows.
 */
export function createAuth({ db, log, config, secret, mailer }: AuthDependencies) {
  return betterAuth({
    appName: 'Voltline Tools',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message) => (level === 'error' ? log.error({ source: 'better-auth' }, message) : log.warn({ source: 'better-auth' }, message)),
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: authUsers, session: authSessions, account: authAccounts, verification: authVerifications, twoFactor: authTwoFactors },
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
      // The spec's lengths, so even a call the hook below did not foresee keeps to them.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      password: passwordHashingOptions(config.passwordHashing),
      async sendResetPassword({ user, url }) {
        await mailer.send(passwordResetMail({ to: user.email, name: user.name, url, validMinutes: RESET_LINK_MINUTES }));
      },
    },
    account: {
      // A social sign-in joins an existing account only when the provider verified the email and
      // the account's own email is verified too (so nobody can pre-register a victim's address).
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
    },
    // No account is created, linked or opened from an address the provider does not vouch for;
    // Facebook's stays locked until its owner opens the mailed link (social-providers.ts).
    user: { validateUserInfo: refuseEmailTheProviderDoesNotVouchFor },
    emailVerification: socialEmailConfirmation({ db, mailer }),
    // A confirmation link on demand would let anyone mail one for any unconfirmed account.
    disabledPaths: ['/send-verification-email'],
    plugins: [
      genericOAuth({ config: socialProviderConfigs(config.oauth) }),
      // Two-step sign-in (decision 062): an authenticator app's codes and ten one-time backup codes.
      // A password sign-in of a user who has it opens no session, only a ten-minute challenge
      // (five codes at most); ten wrong codes in a row lock the second step for fifteen minutes.
      twoFactor({ issuer: TWO_FACTOR_ISSUER }),
    ],
    // Whatever path writes a user or session row (an OAuth provider's profile too), its texts are bounded.
    databaseHooks: {
      user: {
        create: { before: async (user) => ({ data: boundedUser(user) }) },
        update: {
          before: async (user) => ({ data: boundedUser(user) }),
          // The profile shows the account's name: a name changed here (update-user) is its name too.
          after: async (user) => {
            await db.update(userProfiles).set({ name: user.name }).where(eq(userProfiles.userId, user.id));
          },
        },
      },
      session: { create: { before: async (session) => ({ data: boundedSession(session) }) } },
    },
    // A failure that is not one of its refusals (a database outage, a bug) is thrown to the shop's
    // error handler instead of becoming a bare 500: an outage is then a 503 in words with
    // Retry-After, and a bug is logged in full. Its refusals (APIError) stay its answers.
    onAPIError: { throw: true },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        assertAuthCallAcceptable(ctx.path, ctx.body, { query: ctx.query, params: ctx.params });
        if (ctx.path === '/change-password' && typeof ctx.body === 'object' && ctx.body !== null) {
          // product.md: a password change ends every other session, and with it every API token
          // bound to one. better-auth does so only when the client asks (revokeOtherSessions), so
          // the server asks always: the other sessions go and the changing one is renewed.
          return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
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
