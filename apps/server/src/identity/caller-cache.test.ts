import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotifyHandlers } from '../db/client.ts';
import { authSessions, authUsers, userProfiles } from '../db/schema.ts';
import type { TestShop } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { firstTool } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, browserHeaders, registerUser, type TestUser } from '../test-support/test-users.ts';
import { createCallerCache, type KnownCaller } from './caller-cache.ts';
import type { Caller } from './caller.ts';

// Each instance remembers who a token belongs to; a change on one instance (or straight in the
// database) must end what the other remembers before its next request.
describe.each(testDatabaseKinds)('callers remembered by two instances on $name', (kind) => {
  const first = useTestShop(kind, { seed: true });
  // Started after the first (and closed before it): its options are read once the first has started.
  const second = useTestShop(kind, () => ({ sameDatabaseAs: first }));

  const ownProfile = (shop: TestShop, user: TestUser) =>
    shop.app.inject({ method: 'GET', url: `/api/user?email=${encodeURIComponent(user.email)}`, headers: bearer(user) });
  const customers = (shop: TestShop, user: TestUser) => shop.app.inject({ method: 'GET', url: '/api/allUsers', headers: bearer(user) });
  const userIdOf = async (user: TestUser) =>
    (await first.database.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, user.email)))[0]!.id;

  /** Both instances have answered the token, twice: whatever they remember, they remember it now. */
  async function usedOnBoth(call: (shop: TestShop) => Promise<{ statusCode: number }>, status = 200) {
    for (const shop of [second, first, second, first]) expect((await call(shop)).statusCode).toBe(status);
  }

  it('a sign-out on one instance ends the token on the other at once', async () => {
    const alice = await registerUser(first);
    await usedOnBoth((shop) => ownProfile(shop, alice));
    const signOut = await first.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: browserHeaders(alice.cookie), payload: {} });
    expect(signOut.statusCode).toBe(200);
    const afterwards = await ownProfile(second, alice);
    expect(afterwards.statusCode).toBe(401);
    expect(afterwards.json()).toEqual({ error: 'unauthorized', message: 'Your sign-in has ended. Please log in again.' });
    expect((await ownProfile(first, alice)).statusCode).toBe(401);
  });

  it('an admin whose role is removed is refused admin work on every instance at once', async () => {
    const admin = await registerUser(first, { role: 'admin' });
    await usedOnBoth((shop) => customers(shop, admin));
    await first.database.db.update(userProfiles).set({ role: 'user' }).where(eq(userProfiles.email, admin.email));
    expect((await customers(second, admin)).statusCode).toBe(403);
    expect((await customers(first, admin)).statusCode).toBe(403);
  });

  it('an admin removed through the API on one instance is refused admin work on the other at once', async () => {
    const remover = await registerUser(first, { role: 'admin' });
    const removed = await registerUser(first, { role: 'admin' });
    await usedOnBoth((shop) => customers(shop, removed));
    const removal = await first.app.inject({ method: 'PATCH', url: `/api/profile/${removed.profileId}`, headers: bearer(remover), payload: { role: 'user' } });
    expect(removal.statusCode).toBe(200);
    expect((await customers(second, removed)).statusCode).toBe(403);
  });

  it('a user made admin gets admin work at once', async () => {
    const bob = await registerUser(first);
    await usedOnBoth((shop) => customers(shop, bob), 403);
    await first.database.db.update(userProfiles).set({ role: 'admin' }).where(eq(userProfiles.email, bob.email));
    expect((await customers(second, bob)).statusCode).toBe(200);
  });

  it('a session that expires or is deleted in the database ends the token at once', async () => {
    const carol = await registerUser(first);
    const dave = await registerUser(first);
    await usedOnBoth((shop) => ownProfile(shop, carol));
    await usedOnBoth((shop) => ownProfile(shop, dave));
    await first.database.db.update(authSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authSessions.userId, await userIdOf(carol)));
    await first.database.db.delete(authSessions).where(eq(authSessions.userId, await userIdOf(dave)));
    expect((await ownProfile(second, carol)).statusCode).toBe(401);
    expect((await ownProfile(second, dave)).statusCode).toBe(401);
  });

  it('a deleted user is refused, and a renamed one orders under the new name', async () => {
    const erin = await registerUser(first);
    const frank = await registerUser(first, { name: 'Frank Old' });
    await usedOnBoth((shop) => ownProfile(shop, erin));
    await usedOnBoth((shop) => ownProfile(shop, frank));
    await first.database.db.delete(authUsers).where(eq(authUsers.id, await userIdOf(erin)));
    await first.database.db.update(authUsers).set({ name: 'Frank New' }).where(eq(authUsers.id, await userIdOf(frank)));
    expect((await ownProfile(second, erin)).statusCode).toBe(401);
    const tool = await firstTool(first);
    const placed = await second.app.inject({
      method: 'POST',
      url: '/api/purchased',
      headers: bearer(frank),
      payload: { toolId: tool._id, quantity: tool.minimumOrderQuantity, phone: '5550100', address: 'Main Street 1' },
    });
    expect(placed.statusCode).toBe(200);
    const order = await second.app.inject({ method: 'GET', url: `/api/purchasedSingle/${placed.json().insertedId}`, headers: bearer(frank) });
    expect(order.json().buyer).toBe('Frank New');
  });
});

// The cache on its own, with a listener the test drives: the orders of events no real database
// lets a test choose.
describe('caller cache', () => {
  const caller: Caller = { userId: 'u1', email: 'u1@example.com', name: 'U One', role: 'user', roles: [], profileId: 'p1', twoFactorEnabled: false };
  const known = (validUntil = Date.now() + 60_000): KnownCaller => ({ caller, validUntil });

  function drivenCache() {
    let handlers: NotifyHandlers | undefined;
    let caughtUp: () => Promise<void> = () => Promise.resolve();
    const cache = createCallerCache({
      listen(_channel, given) {
        handlers = given;
        return { caughtUp: () => caughtUp() };
      },
    });
    return {
      cache,
      handlers: () => handlers!,
      failCatchingUp: () => (caughtUp = () => Promise.reject(new Error('connection lost'))),
    };
  }

  function countingLookUp(answer: () => KnownCaller | null = () => known()) {
    const lookUp = async () => {
      lookUp.calls += 1;
      return answer();
    };
    lookUp.calls = 0;
    return lookUp;
  }

  it('remembers a caller while listening, and forgets the user a message names', async () => {
    const { cache, handlers } = drivenCache();
    handlers().onListening(true);
    const lookUp = countingLookUp();
    await cache.resolve('token-a', lookUp);
    expect(await cache.resolve('token-a', lookUp)).toEqual(caller);
    expect(lookUp.calls).toBe(1);
    handlers().onMessage('someone-else');
    await cache.resolve('token-a', lookUp);
    expect(lookUp.calls).toBe(1);
    handlers().onMessage('u1');
    await cache.resolve('token-a', lookUp);
    expect(lookUp.calls).toBe(2);
  });

  it('remembers nothing before it listens or after the connection is lost', async () => {
    const { cache, handlers } = drivenCache();
    const lookUp = countingLookUp();
    await cache.resolve('token-a', lookUp);
    await cache.resolve('token-a', lookUp);
    expect(lookUp.calls).toBe(2);
    handlers().onListening(true);
    await cache.resolve('token-a', lookUp);
    handlers().onListening(false);
    await cache.resolve('token-a', lookUp);
    expect(lookUp.calls).toBe(4);
  });

  it('does not keep a caller read while a change to it was announced', async () => {
    const { cache, handlers } = drivenCache();
    handlers().onListening(true);
    const lookUp = countingLookUp(() => {
      // The change commits and is announced while this look-up's answer is on its way.
      if (lookUp.calls === 1) handlers().onMessage('u1');
      return known();
    });
    await cache.resolve('token-a', lookUp);
    await cache.resolve('token-a', lookUp);
    expect(lookUp.calls).toBe(2);
  });

  it('reads the database when it cannot catch up with the messages, and never past the token or session end', async () => {
    const { cache, handlers, failCatchingUp } = drivenCache();
    handlers().onListening(true);
    const lookUp = countingLookUp();
    await cache.resolve('token-a', lookUp);
    failCatchingUp();
    await cache.resolve('token-a', lookUp);
    expect(lookUp.calls).toBe(2);

    const ended = drivenCache();
    ended.handlers().onListening(true);
    const endingLookUp = countingLookUp(() => known(Date.now() - 1));
    await ended.cache.resolve('token-b', endingLookUp);
    await ended.cache.resolve('token-b', endingLookUp);
    expect(endingLookUp.calls).toBe(2);
  });

  it('answers null for a token whose session has ended', async () => {
    const { cache, handlers } = drivenCache();
    handlers().onListening(true);
    expect(await cache.resolve('token-c', countingLookUp(() => null))).toBeNull();
  });
});
