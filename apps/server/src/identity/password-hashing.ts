import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHashing } from '../config.ts';

/**
 * How passwords are hashed. `scrypt` (the default, and the only choice in production) is
 * better-auth's own: scrypt with N=16384, r=16, which costs about 150-220 ms of a core per sign-up,
 * sign-in or password change, as it should. `fast-for-tests` is scrypt at N=1024, r=8 (about 3 ms):
 * the test suites sign up and sign in thousands of times, and at the real cost that was a tenth of
 * CI's CPU (docs/benchmarks.md, "CI time"). The config refuses it under NODE_ENV=production, the shop
 * logs a warning when it runs with it, and its hashes are marked (`fast:`), so a shop started
 * without it never accepts one: better-auth's own check reads the mark as a salt and fails.
 */
const FAST_MARK = 'fast';
const FAST_PARAMETERS = { N: 1024, r: 8, p: 1 } as const;
const KEY_BYTES = 64;

function fastKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, FAST_PARAMETERS, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** better-auth's `emailAndPassword.password` for the chosen hashing; undefined keeps its own. */
export function passwordHashingOptions(hashing: PasswordHashing) {
  if (hashing === 'scrypt') return undefined;
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16).toString('hex');
      return `${FAST_MARK}:${salt}:${(await fastKey(password, salt)).toString('hex')}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const [mark, salt, key] = hash.split(':');
      if (mark !== FAST_MARK || !salt || !key) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await fastKey(password, salt);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
