import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { DatabaseHandle } from '../db/client.ts';
import type { Caller } from './caller.ts';

/**
 * The channel migration 0011's triggers notify with a user id (or `*`) whenever a session of
 * theirs ends or changes, their name or email changes, or their role does: whatever the writer
 * (better-auth, a service, a script), whichever instance it runs on.
 */
const CALLER_CHANGED_CHANNEL = 'voltline_caller_changed';
/** How the api_keys trigger names a key changed (revoked, deleted) on that channel. */
const API_KEY_MESSAGE = 'api-key:';

/** Long enough to spare the session read on every request, short enough to bound any surprise. */
const REMEMBER_MS = 60_000;
const MAX_CALLERS = 10_000;

export interface KnownCaller {
  caller: Caller;
  /** When the token or its session ends (epoch ms): the caller is never remembered past it. */
  validUntil: number;
}

/**
 * Who a token (or an API key) belongs to, remembered for a minute so a request does not read the session tables
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
  // Each entry lives until the token or session ends, a minute at most: lru-cache forgets it then,
  // and past MAX_CALLERS the least recently used goes first.
  const remembered = new LRUCache<string, Caller>({ max: MAX_CALLERS, ttl: REMEMBER_MS });
  let listening = false;
  // Counts forgets: a look-up that saw one happen meanwhile may have read what was just changed.
  let forgets = 0;

  /** `message`: a user id, `*` for everyone, or `api-key:<id>` for one API key (its row's trigger, decision 066). */
  function forget(message: string) {
    forgets += 1;
    if (message === '*') {
      remembered.clear();
      return;
    }
    const keyId = message.startsWith(API_KEY_MESSAGE) ? message.slice(API_KEY_MESSAGE.length) : undefined;
    const theirs = [...remembered.entries()]
      .filter(([, caller]) => (keyId === undefined ? caller.userId === message : caller.apiKey?.id === keyId))
      .map(([key]) => key);
    for (const key of theirs) remembered.delete(key);
  }

  const listener = database.listen(CALLER_CHANGED_CHANNEL, {
    onMessage: forget,
    onListening(now) {
      listening = now;
      // Messages may have been missed while the connection was down.
      forget('*');
    },
  });

  async function rememberedCaller(key: string): Promise<Caller | undefined> {
    if (!listening || !remembered.has(key)) return undefined;
    try {
      await listener.caughtUp();
    } catch {
      return undefined;
    }
    return remembered.get(key);
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
      // ttl 0 would mean for ever to lru-cache: a token that has already ended is not remembered.
      const ttl = found ? Math.min(Math.floor(found.validUntil - Date.now()), REMEMBER_MS) : 0;
      if (found && ttl > 0 && listening && forgets === forgetsBefore) remembered.set(key, Object.freeze({ ...found.caller }), { ttl });
      return found?.caller ?? null;
    },
  };
}
