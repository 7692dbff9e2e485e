import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `voltline-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` — the scheme Stripe
 * uses, so receivers can reuse what they know. The timestamp lets them refuse old replays.
 */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/** What a receiver does: recompute and compare in constant time, within a tolerance. */
export function verifyWebhook(secret: string, body: string, header: string, now = Date.now(), toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceSeconds || !parts.v1) return false;
  const expected = Buffer.from(signWebhook(secret, body, timestamp).split('v1=')[1]!, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
