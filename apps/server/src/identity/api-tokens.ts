import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * The API token of product.md, "States" (kept by the web app as ACCESS_TOKEN, sent as Bearer). It is a
 * short-lived HS256 JWT bound to a session: it dies when the session ends (logout, password
 * reset): the server checks the session on every call (identity/caller-cache.ts remembers the
 * answer until the session changes), so a copied token is revoked too.
 */
const ISSUER = 'voltline';
const AUDIENCE = 'voltline-api';
const MAX_LIFETIME_SECONDS = 24 * 60 * 60;

export interface TokenSubject {
  userId: string;
  sessionId: string;
}

export function createApiTokens(secret: string) {
  // A key of its own, so a token can never be confused with a better-auth cookie signature.
  const key = createHash('sha256').update(`voltline-api-token:${secret}`).digest();

  return {
    async issue(subject: TokenSubject & { email: string; sessionExpiresAt: Date }): Promise<string> {
      const now = Math.floor(Date.now() / 1000);
      const sessionEnd = Math.floor(subject.sessionExpiresAt.getTime() / 1000);
      return new SignJWT({ sid: subject.sessionId, email: subject.email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(subject.userId)
        .setIssuedAt(now)
        .setExpirationTime(Math.min(sessionEnd, now + MAX_LIFETIME_SECONDS))
        .sign(key);
    },

    /** The token's subject and end, or null for anything forged, expired, or signed another way. */
    async verify(token: string): Promise<(TokenSubject & { expiresAt: Date }) | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
        return { userId: payload.sub, sessionId: payload.sid, expiresAt: new Date(payload.exp * 1000) };
      } catch {
        return null;
      }
    },
  };
}
export type ApiTokens = ReturnType<typeof createApiTokens>;
