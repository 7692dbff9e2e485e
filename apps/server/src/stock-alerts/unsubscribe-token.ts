import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click unsubscribe link's token: the email, signed with the shop's secret, so a link
 * stops the mail of the address it was sent to and of no other. It does not expire: a mail read a
 * year later still stops what it started. `<email in base64url>.<first 16 bytes of the HMAC>`.
 */
export function createUnsubscribeTokens(secret: string) {
  const sign = (email: string) => createHmac('sha256', `stock-alert-unsubscribe:${secret}`).update(email).digest().subarray(0, 16);
  return {
    tokenFor: (email: string) => `${Buffer.from(email).toString('base64url')}.${sign(email).toString('base64url')}`,
    /** The email a token was made for; undefined for anything this shop did not sign. */
    emailOf(token: string): string | undefined {
      const [encoded, signature, ...rest] = token.split('.');
      if (!encoded || !signature || rest.length > 0) return undefined;
      const email = Buffer.from(encoded, 'base64url').toString();
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(email);
      return given.length === expected.length && timingSafeEqual(given, expected) ? email : undefined;
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
