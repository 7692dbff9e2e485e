import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@voltline/shared/profile';
import { TWO_FACTOR_REQUIRED_CODE } from '@voltline/shared/shop-constants';
import { TWO_FACTOR_MESSAGES, type AdminTwoFactorPolicy } from '@voltline/shared/two-factor';
import { API_KEY_PREFIX } from '@voltline/shared/api-keys';
import { KEY_CREATOR_MAY_NOT, keyMay, mayDo, NOT_FOR_API_KEYS, notYourPartMessage, notYourScopeMessage, scopesOpen, type ApiScope, type Permission, type StaffRole } from '@voltline/shared/staff-roles';
import type { DatabaseHandle } from '../db/client.ts';
import { authSessions, authUsers, userProfiles } from '../db/schema.ts';
import { AppError } from '../platform/app-error.ts';
import type { ApiKeys } from './api-keys.ts';
import type { ApiTokens } from './api-tokens.ts';
import { createCallerCache, type KnownCaller } from './caller-cache.ts';

/** Who is calling, as the server knows it: never taken from the request body. */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  /** The spec's role: `admin` or `user` (a fulfilment clerk is a `user` here). */
  role: Role;
  /** Every staff role held (decision 063), read from the database with the session. */
  roles: StaffRole[];
  profileId: string;
  /** Whether the account signs in with a second factor (decision 062). */
  twoFactorEnabled: boolean;
  /**
   * An admin whose shop requires a second factor they have not turned on: they act as a customer
   * (`role` says user) until they do, and the admin routes refuse them in words.
   */
  awaitingTwoFactor?: true;
  /**
   * Set when an API key calls (decision 066): the key acts for the admin who created it (userId,
   * email, name, profileId are theirs), but only within its scopes and what its creator holds now
   * (`creatorRoles`, read with the key: a role change makes every instance forget the key's caller);
   * `roles` are those the scopes still held cover whole (rolesOfScopes). The audit log names the key from here.
   */
  apiKey?: { id: string; name: string; scopes: ApiScope[]; creatorRoles: StaffRole[] };
  /**
   * The client's address as the server decided it (TRUST_PROXY: http/trusted-proxies.ts), set by the
   * guards with each request: it travels with the caller into the services, which record it with a
   * change in the audit log (decision 065).
   */
  clientAddress?: string;
}

/** Whether the caller may do what `permission` allows: a person by their roles, an API key by its scopes (packages/shared/src/staff-roles.ts). */
export const may = (caller: Caller, permission: Permission) =>
  caller.apiKey ? keyMay(caller.apiKey, permission) : mayDo(caller.roles, permission);

/** What a guard answers a caller that `may` refused. */
const refusalOf = (caller: Caller, permission: Permission) =>
  new AppError('forbidden', caller.apiKey ? keyRefusalMessage(caller.apiKey.scopes, permission) : notYourPartMessage(permission));

const keyRefusalMessage = (scopes: readonly ApiScope[], permission: Permission) =>
  scopesOpen(scopes, permission) ? KEY_CREATOR_MAY_NOT : notYourScopeMessage(permission);

/** A person's staff roles as the guards read them: the spec's admin first, then the roles the profile keeps. */
export const staffRolesOf = (account: { role: Role; staffRoles: readonly string[] }): StaffRole[] => [
  ...(account.role === 'admin' ? (['admin'] as const) : []),
  ...(account.staffRoles as StaffRole[]),
];

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/** A route hook letting in the callers whose roles hold its permission. */
export type PermissionGuard = ((request: FastifyRequest) => Promise<void>) & { permission: Permission };

/** A route hook letting in any signed-in person, and the API keys whose scopes open `keyPermission`. */
export type PersonOrKeyGuard = ((request: FastifyRequest) => Promise<void>) & { keyPermission: Permission };

const notSignedIn = () => new AppError('unauthorized', 'Sign in to do this.');

/** The account a caller acts as, read with a session and with an API key alike. */
export const accountColumns = {
  userId: authUsers.id,
  email: authUsers.email,
  name: authUsers.name,
  profileId: userProfiles.id,
  twoFactorEnabled: authUsers.twoFactorEnabled,
};

/** A key's caller is remembered as long as a session's (a minute); revoking it makes every instance forget it at once. */
const KEY_REMEMBERED_MS = 60_000;

export function createCallerGuards(
  database: Pick<DatabaseHandle, 'db' | 'listen'>,
  tokens: ApiTokens,
  adminTwoFactor: AdminTwoFactorPolicy,
  keys: Pick<ApiKeys, 'callerOf' | 'noteUse'>,
) {
  const callers = createCallerCache(database);
  // Prepared once: on PostgreSQL the session read is planned once per connection.
  const sessionOwner = database.db
    .select({ ...accountColumns, role: userProfiles.role, staffRoles: userProfiles.staffRoles, sessionExpiresAt: authSessions.expiresAt })
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
    const { sessionExpiresAt, staffRoles, ...known } = row;
    const caller: Caller = { ...known, roles: staffRolesOf({ role: known.role, staffRoles }) };
    return { caller, validUntil: Math.min(subject.expiresAt.getTime(), new Date(sessionExpiresAt).getTime()) };
  }

  async function resolveCaller(request: FastifyRequest): Promise<Caller> {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer ([A-Za-z0-9._-]+)$/);
    if (!match?.[1]) throw notSignedIn();
    const token = match[1];
    // An API key (decision 066) starts with its prefix; a sign-in's token is a JWT, which never does.
    if (token.startsWith(API_KEY_PREFIX)) {
      const keyCaller = await callers.resolve(token, async () => {
        const found = await keys.callerOf(token);
        return found && { caller: found, validUntil: Date.now() + KEY_REMEMBERED_MS };
      });
      if (!keyCaller?.apiKey) throw new AppError('unauthorized', 'This API key is not valid, or it was revoked.');
      await keys.noteUse(keyCaller.apiKey.id);
      return keyCaller;
    }
    const caller = await callers.resolve(token, () => lookUp(token));
    if (!caller) throw new AppError('unauthorized', 'Your sign-in has ended. Please log in again.');
    return caller;
  }

  /**
   * The caller as the routes see them. With ADMIN_TWO_FACTOR=required a staff member (an admin, or
   * any staff role) without a second factor keeps only a customer's rights (their own profile, where
   * they turn it on): every check of `role` or of the roles, in the guards or in a service, then
   * refuses them the back office's.
   */
  async function effectiveCaller(request: FastifyRequest): Promise<Caller> {
    const caller = await resolveCaller(request);
    // A key signs nobody in: the second factor guards its creation, by an admin signed in.
    if (adminTwoFactor === 'required' && !caller.apiKey && caller.roles.length > 0 && !caller.twoFactorEnabled) {
      return { ...caller, role: 'user', roles: [], awaitingTwoFactor: true };
    }
    return caller;
  }

  /** One guard per permission and kind, made once: each carries its permission for the matrix and the API document. */
  function madeOnce<Guard>(made: Map<Permission, Guard>, permission: Permission, make: () => Guard): Guard {
    const known = made.get(permission);
    if (known) return known;
    const guard = make();
    made.set(permission, guard);
    return guard;
  }

  const guardsByPermission = new Map<Permission, PermissionGuard>();
  const allow = (permission: Permission): PermissionGuard =>
    madeOnce(guardsByPermission, permission, () =>
      Object.assign(
        async function allowed(request: FastifyRequest): Promise<void> {
          const caller = await effectiveCaller(request);
          if (caller.awaitingTwoFactor) throw new AppError('forbidden', TWO_FACTOR_MESSAGES.required, TWO_FACTOR_REQUIRED_CODE);
          if (!may(caller, permission)) throw refusalOf(caller, permission);
          request.caller = { ...caller, clientAddress: request.ip };
        },
        { permission },
      ),
    );

  const personOrKeyGuards = new Map<Permission, PersonOrKeyGuard>();
  const requireUserOrKey = (keyPermission: Permission): PersonOrKeyGuard =>
    madeOnce(personOrKeyGuards, keyPermission, () =>
      Object.assign(
        async function personOrKey(request: FastifyRequest): Promise<void> {
          const caller = await effectiveCaller(request);
          if (caller.apiKey && !may(caller, keyPermission)) throw refusalOf(caller, keyPermission);
          request.caller = { ...caller, clientAddress: request.ip };
        },
        { keyPermission },
      ),
    );

  return {
    /**
     * Route hook: any signed-in person, never an API key (a key acts for an admin's account, not as
     * its person: it places no order, reads no "my" page). Run as `onRequest` where a body schema
     * follows, so the caller is known before the body is judged.
     */
    async requireUser(request: FastifyRequest): Promise<void> {
      const caller = await effectiveCaller(request);
      if (caller.apiKey) throw new AppError('forbidden', NOT_FOR_API_KEYS);
      request.caller = { ...caller, clientAddress: request.ip };
    },
    /**
     * Route hook of a route a person calls for their own things and staff for anyone's (one order,
     * its invoice): any signed-in person, or an API key whose scopes open `keyPermission`. The
     * service then decides, with `may`, whether the thing is theirs to see.
     */
    requireUserOrKey,
    /**
     * Route hook of a back-office route: the caller's roles must hold `permission` (decision 063).
     * The hook carries its permission, so the routes' permissions can be listed (authorization matrix).
     */
    allow,
    /** Route hook: admins only, the default of a back-office route that names no permission of its own. */
    requireAdmin: allow('team'),
  };
}
export type CallerGuards = ReturnType<typeof createCallerGuards>;

/** The caller a guard has resolved; a route without a guard has none. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw notSignedIn();
  return request.caller;
}

export const isSameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
