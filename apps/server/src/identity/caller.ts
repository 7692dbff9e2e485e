import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@voltline/shared/profile';
import { TWO_FACTOR_REQUIRED_CODE } from '@voltline/shared/shop-constants';
import { TWO_FACTOR_MESSAGES, type AdminTwoFactorPolicy } from '@voltline/shared/two-factor';
import type { DatabaseHandle } from '../db/client.ts';
import { authSessions, authUsers, userProfiles } from '../db/schema.ts';
import { AppError } from '../platform/app-error.ts';
import type { ApiTokens } from './api-tokens.ts';
import { createCallerCache, type KnownCaller } from './caller-cache.ts';

/** Who is calling, as the server knows it: never taken from the request body. */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  role: Role;
  profileId: string;
  /** Whether the account signs in with a second factor (decision 062). */
  twoFactorEnabled: boolean;
  /**
   * An admin whose shop requires a second factor they have not turned on: they act as a customer
   * (`role` says user) until they do, and the admin routes refuse them in words.
   */
  awaitingTwoFactor?: true;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

const notSignedIn = () => new AppError('unauthorized', 'Sign in to do this.');

export function createCallerGuards(database: Pick<DatabaseHandle, 'db' | 'listen'>, tokens: ApiTokens, adminTwoFactor: AdminTwoFactorPolicy) {
  const callers = createCallerCache(database);
  // Prepared once: on PostgreSQL the session read is planned once per connection.
  const sessionOwner = database.db
    .select({
      userId: authUsers.id,
      email: authUsers.email,
      name: authUsers.name,
      role: userProfiles.role,
      profileId: userProfiles.id,
      twoFactorEnabled: authUsers.twoFactorEnabled,
      sessionExpiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .innerJoin(userProfiles, eq(userProfiles.userId, authUsers.id))
    .where(
      and(
        eq(authSessions.id, sql.placeholder('sessionId')),
        eq(authSessions.userId, sql.placeholder('userId')),
        sql`${authSessions.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
      ),
    )
    .prepare('voltline_session_owner');

  async function lookUp(token: string): Promise<KnownCaller | null> {
    const subject = await tokens.verify(token);
    if (!subject) throw new AppError('unauthorized', 'Your sign-in has expired. Please log in again.');
    // The session must still be alive: logout and password reset end every token bound to it.
    const [row] = await sessionOwner.execute({ sessionId: subject.sessionId, userId: subject.userId, now: new Date().toISOString() });
    if (!row) return null;
    const { sessionExpiresAt, ...caller } = row;
    return { caller, validUntil: Math.min(subject.expiresAt.getTime(), new Date(sessionExpiresAt).getTime()) };
  }

  async function resolveCaller(request: FastifyRequest): Promise<Caller> {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer ([A-Za-z0-9._-]+)$/);
    if (!match?.[1]) throw notSignedIn();
    const token = match[1];
    const caller = await callers.resolve(token, () => lookUp(token));
    if (!caller) throw new AppError('unauthorized', 'Your sign-in has ended. Please log in again.');
    return caller;
  }

  /**
   * The caller as the routes see them. With ADMIN_TWO_FACTOR=required an admin without a second
   * factor keeps only a customer's rights (their own profile, where they turn it on): every check
   * of `role`, in the guards or in a service, then refuses them the admin's.
   */
  async function effectiveCaller(request: FastifyRequest): Promise<Caller> {
    const caller = await resolveCaller(request);
    if (adminTwoFactor === 'required' && caller.role === 'admin' && !caller.twoFactorEnabled) {
      return { ...caller, role: 'user', awaitingTwoFactor: true };
    }
    return caller;
  }

  return {
    /** Route hook: any signed-in user. Run as `onRequest` where a body schema follows, so the caller is known before the body is judged. */
    async requireUser(request: FastifyRequest): Promise<void> {
      request.caller = await effectiveCaller(request);
    },
    /** Route hook: admins only (`onRequest` too where a body schema follows). */
    async requireAdmin(request: FastifyRequest): Promise<void> {
      const caller = await effectiveCaller(request);
      if (caller.awaitingTwoFactor) throw new AppError('forbidden', TWO_FACTOR_MESSAGES.required, TWO_FACTOR_REQUIRED_CODE);
      if (caller.role !== 'admin') throw new AppError('forbidden', 'Only an admin can do this.');
      request.caller = caller;
    },
  };
}
export type CallerGuards = ReturnType<typeof createCallerGuards>;

/** The caller a guard has resolved; a route without a guard has none. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw notSignedIn();
  return request.caller;
}

export const isSameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
