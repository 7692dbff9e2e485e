import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isValidPassword, PASSWORD_NOT_VALID, PASSWORD_RULES } from '@voltline/shared/password';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { shopState } from '../db/schema.ts';
import type { ProfilesService } from './profiles-service.ts';
import type { Auth } from '../identity/better-auth.ts';

const ADMIN_CREATED_KEY = 'first_admin_created_at';
const DEFAULT_ADMIN_EMAIL = 'admin@voltline.local';

/** A random password that passes the shop's own rules: 10 characters from each required class. */
export function generateAdminPassword(): string {
  const classes = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%^&*'];
  const all = classes.join('');
  const chars = classes.map((set) => set[randomInt(set.length)]!);
  while (chars.length < 10) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * On the first start the shop gets its admin: SHOP_ADMIN_EMAIL / SHOP_ADMIN_PASSWORD, or a random
 * password printed once. No default password is ever shipped.
 */
export async function ensureFirstAdmin(deps: {
  db: Database;
  auth: Auth;
  profiles: ProfilesService;
  firstAdmin: Config['firstAdmin'];
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): Promise<void> {
  const { db, auth, profiles, firstAdmin, log } = deps;
  const [done] = await db.select().from(shopState).where(eq(shopState.key, ADMIN_CREATED_KEY));
  if (done) return;

  const email = (firstAdmin.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const password = firstAdmin.password ?? generateAdminPassword();
  if (!isValidPassword(password)) {
    const rules = PASSWORD_RULES.map((rule) => rule.label.toLowerCase()).join(', ');
    throw new Error(`SHOP_ADMIN_PASSWORD: ${PASSWORD_NOT_VALID} (it needs: ${rules}).`);
  }
  const { user } = await auth.api.signUpEmail({ body: { name: 'Shop admin', email, password } });
  await profiles.ensureProfile(user);
  await profiles.makeFirstAdmin(email);
  await db.insert(shopState).values({ key: ADMIN_CREATED_KEY, value: new Date().toISOString() }).onConflictDoNothing();

  if (firstAdmin.password) {
    log.info({ email }, 'created the shop admin from SHOP_ADMIN_EMAIL / SHOP_ADMIN_PASSWORD');
  } else {
    // Printed once, on the console only: it is not stored anywhere in clear.
    console.log(
      `\n  Created the shop admin.\n  Email:    ${email}\n  Password: ${password}\n  Keep it now: it is not shown again.\n`,
    );
  }
}
