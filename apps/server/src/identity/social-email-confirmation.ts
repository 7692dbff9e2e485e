import type { BetterAuthOptions } from 'better-auth';
import { eq } from 'drizzle-orm';
import type { SocialProviderId } from '@voltline/shared/account';
import type { Database } from '../db/client.ts';
import { authAccounts } from '../db/schema.ts';
import { escapeHtml, type Mailer, type MailMessage } from '../platform/mailer.ts';
import { SOCIAL_PROVIDER_NAMES } from './social-providers.ts';

const CONFIRM_LINK_MINUTES = 60;
/** Where the link lands once the address is confirmed: the login screen, to sign in with the provider again. */
const AFTER_CONFIRMING_PATH = '/login';

/**
 * better-auth's email verification, used for one thing: an account a provider created from an
 * address it does not vouch for (Facebook) gets no session until the owner of that address opens
 * the link mailed to it. Password sign-up mails nothing (sendOnSignUp stays unset), and nobody
 * can ask for a link on demand (better-auth.ts disables /send-verification-email), so every link
 * comes from a provider sign-in and its mail names the provider it lets in.
 */
export function socialEmailConfirmation({ db, mailer }: { db: Database; mailer: Mailer }): BetterAuthOptions['emailVerification'] {
  return {
    expiresIn: CONFIRM_LINK_MINUTES * 60,
    // Each refused sign-in mails a fresh link, so a lost or expired one is replaced by trying again.
    sendOnSignIn: true,
    async sendVerificationEmail({ user, url }) {
      const accounts = await db.select({ providerId: authAccounts.providerId }).from(authAccounts).where(eq(authAccounts.userId, user.id));
      const providers = accounts.flatMap(({ providerId }) =>
        Object.hasOwn(SOCIAL_PROVIDER_NAMES, providerId) ? [SOCIAL_PROVIDER_NAMES[providerId as SocialProviderId]] : [],
      );
      const link = new URL(url);
      link.searchParams.set('callbackURL', AFTER_CONFIRMING_PATH);
      await mailer.send(emailConfirmationMail({ to: user.email, providers, url: link.toString(), validMinutes: CONFIRM_LINK_MINUTES }));
    },
  };
}

/**
 * No greeting by name: the name came from the provider, and in the attack this stops it is the
 * attacker's choice of words in the victim's mailbox.
 */
function emailConfirmationMail(input: { to: string; providers: string[]; url: string; validMinutes: number }): MailMessage {
  const signIn = input.providers.length > 0 ? `${input.providers.join(' and ')} sign-in` : 'sign-in';
  const text = [
    'Hello,',
    '',
    `Someone used this email address for a ${signIn} at Voltline Tools.`,
    `If that was you, open this link within ${input.validMinutes} minutes to confirm the address and let that ${signIn} into your shop account:`,
    input.url,
    '',
    `If it was not you, ignore this message: nobody can use that ${signIn} until the link is opened.`,
  ].join('\n');
  const html = `<p>Hello,</p>
<p>Someone used this email address for a ${escapeHtml(signIn)} at Voltline Tools.</p>
<p>If that was you, <a href="${escapeHtml(input.url)}">confirm the address</a> within ${input.validMinutes} minutes to let that ${escapeHtml(signIn)} into your shop account.</p>
<p>If it was not you, ignore this message: nobody can use that ${escapeHtml(signIn)} until the link is opened.</p>`;
  return { to: input.to, subject: 'Confirm your email address for Voltline Tools', text, html, link: input.url };
}
