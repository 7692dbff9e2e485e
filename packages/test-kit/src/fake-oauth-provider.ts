import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

interface FakeEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

export interface FakeIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  /** What GitHub's /user/emails lists; by default just the address above, as primary. */
  emails?: FakeEmail[];
}

/** The answers of GitHub's REST API and Facebook's Graph API about whoever holds the access token. */
const PROVIDER_APIS: Record<string, (who: FakeIdentity) => unknown> = {
  '/user': (who) => ({ id: who.sub, login: who.sub, name: who.name, avatar_url: null }),
  '/user/emails': (who): FakeEmail[] => who.emails ?? [{ email: who.email, primary: true, verified: who.email_verified }],
  '/me': (who) => ({ id: who.sub, name: who.name, email: who.email }),
};

/**
 * One provider on loopback standing in for all three: a real OpenID Connect issuer
 * (oauth2-mock-server) as Google, whose authorize and token endpoints also serve as GitHub's and
 * Facebook's, and their user APIs beside it. The shop talks to it over HTTP exactly as it would
 * to the real ones; the APIs answer only to access tokens this provider signed.
 */
export async function startFakeOAuthProvider() {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer);
  let identity: FakeIdentity = { sub: 'fake-user', email: 'fake@example.com', email_verified: true, name: 'Fake User' };
  // The identity goes into the tokens, so the APIs later answer for the sign-in the token came from.
  service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, identity);
  });
  service.on('beforeUserinfo', (userInfoResponse) => {
    userInfoResponse.body = { ...identity };
  });
  const signedByThisProvider = createLocalJWKSet({ keys: issuer.keys.toJSON() });

  async function answerProviderApi(api: (who: FakeIdentity) => unknown, request: IncomingMessage, response: ServerResponse) {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const who = token
      ? await jwtVerify<FakeIdentity>(token, signedByThisProvider, { issuer: issuer.url }).then(
          ({ payload }) => payload,
          () => null,
        )
      : null;
    response.writeHead(who ? 200 : 401, { 'content-type': 'application/json' });
    response.end(JSON.stringify(who ? api(who) : { message: 'Bad credentials' }));
  }

  const server = createServer((request, response) => {
    const api = PROVIDER_APIS[new URL(request.url ?? '/', 'http://fake').pathname];
    if (api) void answerProviderApi(api, request, response);
    else service.requestHandler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const url = issuer.url;
  const discoveryUrl = `${url}/.well-known/openid-configuration`;

  return {
    issuer: url,
    discoveryUrl,
    /** The shop's settings that point Google, GitHub and Facebook at this provider. */
    shopEnvironment: {
      GOOGLE_CLIENT_ID: 'voltline-test-google',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_DISCOVERY_URL: discoveryUrl,
      GITHUB_CLIENT_ID: 'voltline-test-github',
      GITHUB_CLIENT_SECRET: 'github-secret',
      GITHUB_AUTHORIZATION_URL: `${url}/authorize`,
      GITHUB_TOKEN_URL: `${url}/token`,
      GITHUB_API_URL: url,
      FACEBOOK_CLIENT_ID: 'voltline-test-facebook',
      FACEBOOK_CLIENT_SECRET: 'facebook-secret',
      FACEBOOK_AUTHORIZATION_URL: `${url}/authorize`,
      FACEBOOK_TOKEN_URL: `${url}/token`,
      FACEBOOK_API_URL: url,
    },
    /** Who the next sign-in at this provider will be. */
    signInAs(next: FakeIdentity) {
      identity = next;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
export type FakeOAuthProvider = Awaited<ReturnType<typeof startFakeOAuthProvider>>;
