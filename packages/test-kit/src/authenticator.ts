import { Secret, TOTP, URI } from 'otpauth';

/** The app's view of an `otpauth://` address (the QR code), or of the key a person types in (base32). */
function totpOf(addressOrKey: string): TOTP {
  if (!addressOrKey.startsWith('otpauth://')) return new TOTP({ secret: Secret.fromBase32(addressOrKey) });
  const totp = URI.parse(addressOrKey);
  if (!(totp instanceof TOTP)) throw new Error(`not a TOTP address: ${addressOrKey}`);
  return totp;
}

/**
 * What a person's authenticator app does with the `otpauth://` address the shop shows as a QR code,
 * or with the key shown beside it (decision 062): RFC 6238 codes, computed here independently of
 * the shop's own library.
 */
export function authenticatorFor(addressOrKey: string) {
  const totp = totpOf(addressOrKey);
  return {
    /** The base32 secret, as a person types it instead of scanning. */
    secret: totp.secret.base32,
    /** The code of now, or of `periodsAway` periods (30 s each) before or after now. */
    code: (periodsAway = 0) => totp.generate({ timestamp: Date.now() + periodsAway * totp.period * 1000 }),
  };
}

/** A six-digit code that is none of the app's codes around now: a typing mistake. */
export function wrongCodeFor(authenticator: ReturnType<typeof authenticatorFor>): string {
  const near = new Set([-1, 0, 1].map((away) => authenticator.code(away)));
  for (let n = 0; ; n += 1) {
    const candidate = String((Number(authenticator.code()) + 111_111 * (n + 1)) % 1_000_000).padStart(6, '0');
    if (!near.has(candidate)) return candidate;
  }
}
