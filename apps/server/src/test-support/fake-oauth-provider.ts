import { OAuth2Server } from 'oauth2-mock-server';

export interface FakeIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server) standing in for Google: the
 * shop talks to it over HTTP exactly as it would to accounts.google.com.
 */
export async function startFakeOAuthProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let identity: FakeIdentity = { sub: 'fake-user', email: 'fake@example.com', email_verified: true, name: 'Fake User' };
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, identity);
  });
  server.service.on('beforeUserinfo', (userInfoResponse) => {
    userInfoResponse.body = { ...identity };
  });
  const issuer = server.issuer.url!;
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    /** Who the next sign-in at this provider will be. */
    signInAs(next: FakeIdentity) {
      identity = next;
    },
    stop: () => server.stop(),
  };
}
export type FakeOAuthProvider = Awaited<ReturnType<typeof startFakeOAuthProvider>>;
