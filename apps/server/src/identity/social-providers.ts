import type { User, ValidateUserInfoResult, ValidateUserInfoSource } from 'better-auth';
import type { GenericOAuthConfig } from 'better-auth/plugins';
import { z } from 'zod';
import type { SocialProviderId } from '@voltline/shared/account';
import { MESSAGES } from '@voltline/shared/messages';
import type { Config, OAuthClientConfig, OAuthEndpoints } from '../config.ts';

/**
 * Google, GitHub and Facebook through better-auth's generic OAuth plugin (code flow with state and
 * PKCE), so each provider's endpoints are plain configuration and can be pointed at a local
 * stand-in in tests. Only providers with a client id and secret are offered.
 */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProviderId, string> = {
  google: 'Google',
  github: 'GitHub',
  facebook: 'Facebook',
};

/**
 * Providers whose word on an email address the shop takes: Google's email_verified claim and the
 * verified flag of GitHub's primary address say their user proved the address. Facebook says
 * nothing, so its address stays unconfirmed until the owner opens the link the shop mails to it
 * (social-email-confirmation.ts).
 */
const PROVIDERS_THAT_VOUCH_FOR_EMAIL: readonly SocialProviderId[] = ['google', 'github'];

const PROVIDER_EMAIL_NOT_VERIFIED = 'provider_email_not_verified';

function vouchesForEmail(providerId: string | undefined): providerId is SocialProviderId {
  return PROVIDERS_THAT_VOUCH_FOR_EMAIL.some((id) => id === providerId);
}

/**
 * better-auth's `user.validateUserInfo` gate, asked before a provider sign-in creates a user,
 * links an account or opens one. An address a vouching provider has not verified would otherwise
 * create an account for it, and the attacker's provider login would keep opening that account
 * after its real owner took it over with a password reset.
 */
export function refuseEmailTheProviderDoesNotVouchFor({
  user,
  source,
}: {
  user: Partial<User>;
  source: ValidateUserInfoSource;
}): ValidateUserInfoResult | undefined {
  const providerId = source.oauth?.providerId;
  if (source.method !== 'oauth' || !vouchesForEmail(providerId) || user.emailVerified === true) return undefined;
  return { error: PROVIDER_EMAIL_NOT_VERIFIED, errorDescription: MESSAGES.socialEmailNotVouched(SOCIAL_PROVIDER_NAMES[providerId]) };
}

const PROVIDER_API_TIMEOUT_MS = 10_000;

const githubProfileSchema = z.object({
  id: z.union([z.number(), z.string()]),
  login: z.string(),
  name: z.string().nullish(),
  avatar_url: z.string().nullish(),
});
const githubEmailsSchema = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));
const facebookProfileSchema = z.object({ id: z.string(), name: z.string(), email: z.string().optional() });

/** A provider API answer in the expected shape, or null (refused, unreachable, malformed): the sign-in then fails. */
async function fetchProviderJson<T>(url: string, accessToken: string, schema: z.ZodType<T>): Promise<T | null> {
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, 'user-agent': 'voltline-shop', accept: 'application/json' },
      signal: AbortSignal.timeout(PROVIDER_API_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const parsed = schema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// Every provider: the code flow with PKCE, and no session for a user whose address nobody has
// confirmed (better-auth then mails the confirmation link instead, see social-email-confirmation.ts).
const SIGN_IN_RULES = { pkce: true, requireEmailVerification: true } as const;

/** A provider without OpenID discovery (GitHub, Facebook): its app's credentials and its two endpoints. */
function codeFlowWith(providerId: SocialProviderId, app: OAuthClientConfig & OAuthEndpoints, scopes: string[]) {
  const { clientId, clientSecret, authorizationUrl, tokenUrl } = app;
  return { ...SIGN_IN_RULES, providerId, clientId, clientSecret, authorizationUrl, tokenUrl, scopes };
}

export function socialProviderConfigs(oauth: Config['oauth']): GenericOAuthConfig[] {
  const configs: GenericOAuthConfig[] = [];
  if (oauth.google) {
    configs.push({
      ...SIGN_IN_RULES,
      providerId: 'google',
      clientId: oauth.google.clientId,
      clientSecret: oauth.google.clientSecret,
      discoveryUrl: oauth.google.discoveryUrl,
      scopes: ['openid', 'email', 'profile'],
    });
  }
  const github = oauth.github;
  if (github) {
    configs.push({
      ...codeFlowWith('github', github, ['read:user', 'user:email']),
      async getUserInfo(tokens) {
        if (!tokens.accessToken) return null;
        const [profile, emails] = await Promise.all([
          fetchProviderJson(`${github.apiUrl}/user`, tokens.accessToken, githubProfileSchema),
          fetchProviderJson(`${github.apiUrl}/user/emails`, tokens.accessToken, githubEmailsSchema),
        ]);
        // Only the primary address counts: GitHub also lists addresses its user typed in and never
        // proved. An unverified primary is passed on as unverified, so the gate above refuses it in words.
        const primary = emails?.find((entry) => entry.primary);
        if (!profile || !primary) return null;
        return {
          id: String(profile.id),
          name: profile.name ?? profile.login,
          email: primary.email,
          emailVerified: primary.verified,
          image: profile.avatar_url ?? undefined,
        };
      },
    });
  }
  const facebook = oauth.facebook;
  if (facebook) {
    configs.push({
      ...codeFlowWith('facebook', facebook, ['email', 'public_profile']),
      async getUserInfo(tokens) {
        if (!tokens.accessToken) return null;
        const profile = await fetchProviderJson(
          `${facebook.apiUrl}/me?fields=id,name,email`,
          tokens.accessToken,
          facebookProfileSchema,
        );
        if (!profile?.email) return null;
        // Facebook does not say whether the address was confirmed: never link on it, and keep the
        // account it creates locked until the owner opens the mailed confirmation link.
        return { id: profile.id, name: profile.name, email: profile.email, emailVerified: false };
      },
    });
  }
  return configs;
}
