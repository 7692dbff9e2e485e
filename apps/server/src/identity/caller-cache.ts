import { createHash } from 'node:crypto';
import type { DatabaseHandle } from '../db/client.ts';
import type { Caller } from './caller.ts';

/**
 * The channel migration 0011's triggers notify with a user id (or `*`) whenever a session of
 * theirs ends or changes, their name or email changes, or their role does: whatever the writer
 * (better-auth, a service, a script), whichever instance it runs on.
 */
const CALLER_CHANGED_CHANNEL = 'voltline_caller_changed';

/** Long enough to spare the session read on every request, short enough to bound any surprise. */
const REMEMBER_MS = 60_000;
const MAX_CALLERS = 10_000;

export interface KnownCaller {
  caller: Caller;
  /** When the token or its session ends (epoch ms): the caller is never remembered past it. */
  validUntil: number;
}

/**
 * Who a token belongs to, remembered for a minute so a request does not read the session tables
 * each time: at a million orders that read and the token's signature check were about half of
 * the shop's work per order (docs/decisions/016-order-placement-speed.md).
 *
 * A signed-out, deleted, renamed or demoted user must lose the remembered caller at once on every
 * instance. The triggers notify on commit; each instance listens (db/client.ts) and forgets the
 * user's entries. Before a remembered caller is used the listener is caught up, so any change
 * committed before the request arrived has been applied. While not listening (the connection is
 * lost, or the database offers no notifications) nothing is remembered and every request reads
 * the database.
 */
export function createCallerCache(database: Pick<DatabaseHandle, 'listen'>) {
  const remembered = new Map<string, KnownCaller>();
  let listening = false;
  // Counts forgets: a look-up that saw one happen meanwhile may have read what was just changed.
  let forgets = 0;

  function forget(userId: string) {
    forgets += 1;
    if (userId === '*') {
      remembered.clear();
      return;
    }
    for (const [key, known] of remembered) if (known.caller.userId === userId) remembered.delete(key);
  }

  const listener = database.listen(CALLER_CHANGED_CHANNEL, {
    onMessage: forget,
    onListening(now) {
      listening = now;
      // Messages may have been missed while the connection was down.
      forget('*');
    },
  });

  const fresh = (known: KnownCaller | undefined) => known !== undefined && known.validUntil > Date.now();

  async function rememberedCaller(key: string): Promise<Caller | undefined> {
    if (!listening || !fresh(remembered.get(key))) return undefined;
    try {
      await listener.caughtUp();
    } catch {
      return undefined;
    }
    const known = remembered.get(key);
    return fresh(known) ? known!.caller : undefined;
  }

  return {
    /** The caller of this token: remembered, or found by `lookUp` (null: not signed in). */
    async resolve(token: string, lookUp: () => Promise<KnownCaller | null>): Promise<Caller | null> {
      const key = createHash('sha256').update(token).digest('base64url');
      const hit = await rememberedCaller(key);
      if (hit) return hit;
      remembered.delete(key);
      const forgetsBefore = forgets;
      const found = await lookUp();
      if (found && listening && forgets === forgetsBefore) {
        if (remembered.size >= MAX_CALLERS) remembered.delete(remembered.keys().next().value!);
        remembered.set(key, { caller: Object.freeze({ ...found.caller }), validUntil: Math.min(found.validUntil, Date.now() + REMEMBER_MS) });
      }
      return found?.caller ?? null;
    },
  };
}
