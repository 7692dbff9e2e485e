import type { GenericOAuthConfig } from 'better-auth/plugins';
import type { SocialProviderId } from '@voltline/shared/account';
import type { Config } from '../config.ts';

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

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

async function fetchJson<T>(url: string, accessToken: string): Promise<T | null> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, 'user-agent': 'voltline-shop', accept: 'application/json' },
  });
  return response.ok ? ((await response.json()) as T) : null;
}

export function socialProviderConfigs(oauth: Config['oauth']): GenericOAuthConfig[] {
  const configs: GenericOAuthConfig[] = [];
  if (oauth.google) {
    configs.push({
      providerId: 'google',
      clientId: oauth.google.clientId,
      clientSecret: oauth.google.clientSecret,
      discoveryUrl: oauth.google.discoveryUrl,
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
    });
  }
  if (oauth.github) {
    configs.push({
      providerId: 'github',
      clientId: oauth.github.clientId,
      clientSecret: oauth.github.clientSecret,
      authorizationUrl: 'https://github.com/login/oauth/authorize',
      tokenUrl: 'https://github.com/login/oauth/access_token',
      scopes: ['read:user', 'user:email'],
      pkce: true,
      async getUserInfo(tokens) {
        if (!tokens.accessToken) return null;
        const profile = await fetchJson<{ id: number; login: string; name: string | null; avatar_url: string }>(
          'https://api.github.com/user',
          tokens.accessToken,
        );
        const emails = await fetchJson<GitHubEmail[]>('https://api.github.com/user/emails', tokens.accessToken);
        const primary = emails?.find((entry) => entry.primary) ?? emails?.[0];
        if (!profile || !primary) return null;
        return {
          id: String(profile.id),
          name: profile.name ?? profile.login,
          email: primary.email,
          emailVerified: primary.verified,
          image: profile.avatar_url,
        };
      },
    });
  }
  if (oauth.facebook) {
    configs.push({
      providerId: 'facebook',
      clientId: oauth.facebook.clientId,
      clientSecret: oauth.facebook.clientSecret,
      authorizationUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
      tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
      scopes: ['email', 'public_profile'],
      pkce: true,
      async getUserInfo(tokens) {
        if (!tokens.accessToken) return null;
        const profile = await fetchJson<{ id: string; name: string; email?: string }>(
          'https://graph.facebook.com/me?fields=id,name,email',
          tokens.accessToken,
        );
        if (!profile?.email) return null;
        // Facebook does not say whether the address was confirmed: never link on it.
        return { id: profile.id, name: profile.name, email: profile.email, emailVerified: false };
      },
    });
  }
  return configs;
}
