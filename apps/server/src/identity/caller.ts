import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@voltline/shared/profile';
import type { Database } from '../db/client.ts';
import { authSessions, authUsers, userProfiles } from '../db/schema.ts';
import { AppError } from '../platform/app-error.ts';
import type { ApiTokens } from './api-tokens.ts';

/** Who is calling, as the server knows it: never taken from the request body. */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  role: Role;
  profileId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

const notSignedIn = () => new AppError('unauthorized', 'Sign in to do this.');

export function createCallerGuards(db: Database, tokens: ApiTokens) {
  async function resolveCaller(request: FastifyRequest): Promise<Caller> {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer ([A-Za-z0-9._-]+)$/);
    if (!match?.[1]) throw notSignedIn();
    const subject = await tokens.verify(match[1]);
    if (!subject) throw new AppError('unauthorized', 'Your sign-in has expired. Please log in again.');
    // The session must still be alive: logout and password reset end every token bound to it.
    const [row] = await db
      .select({
        userId: authUsers.id,
        email: authUsers.email,
        name: authUsers.name,
        role: userProfiles.role,
        profileId: userProfiles.id,
      })
      .from(authSessions)
      .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
      .innerJoin(userProfiles, eq(userProfiles.userId, authUsers.id))
      .where(
        and(
          eq(authSessions.id, subject.sessionId),
          eq(authSessions.userId, subject.userId),
          gt(authSessions.expiresAt, new Date()),
        ),
      );
    if (!row) throw new AppError('unauthorized', 'Your sign-in has ended. Please log in again.');
    return row;
  }

  return {
    /** preHandler: any signed-in user. */
    async requireUser(request: FastifyRequest): Promise<void> {
      request.caller = await resolveCaller(request);
    },
    /** preHandler: admins only. */
    async requireAdmin(request: FastifyRequest): Promise<void> {
      const caller = await resolveCaller(request);
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
