import type { FastifySchema, RouteOptions } from 'fastify';
import { scopesOpening, type ApiScope, type Permission } from '@voltline/shared/staff-roles';
import type { CallerGuards } from '../identity/caller.ts';

/** What a guard of identity/caller.ts carries: `allow`'s permission, or what opens `requireUserOrKey` to a key. */
type Guard = { permission?: Permission; keyPermission?: Permission };

/** What the API document says of a route's door, by the guard the route carries. */
function scopesOf(route: Pick<RouteOptions, 'onRequest'>, guards: CallerGuards): ApiScope[] | undefined {
  const hooks: unknown[] = [route.onRequest ?? []].flat();
  for (const hook of hooks as (Guard & object)[]) {
    if (hook.permission) return scopesOpening(hook.permission);
    if (hook.keyPermission) return scopesOpening(hook.keyPermission);
    if (hook === guards.requireUser) return [];
  }
  // No guard of a caller: a public route, or one with a credential of its own (a signature, a token in the link).
  return undefined;
}

/**
 * Adds to each guarded route of the API document the API key scopes that open it (decision 066):
 * `x-api-key-scopes` (empty: no key may call it) and a sentence after its summary. Read from the
 * guard itself, so the document cannot say other than what the server does.
 */
export function withApiKeyScopes<Input extends { schema: FastifySchema; route: Pick<RouteOptions, 'onRequest'> }>(input: Input, guards: CallerGuards): Input {
  const scopes = scopesOf(input.route, guards);
  if (!scopes) return input;
  const said = scopes.length === 0 ? 'API keys: refused.' : `API keys: the ${scopes.join(' or ')} scope.`;
  // An OpenAPI extension (x-...) is copied into the operation as it is.
  const schema: FastifySchema & Record<string, unknown> = { ...input.schema, 'x-api-key-scopes': scopes, description: said };
  return { ...input, schema };
}
