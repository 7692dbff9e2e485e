import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { twoFactorStatusSchema, type AdminTwoFactorPolicy, type TwoFactorStatus } from '@voltline/shared/two-factor';
import { routesTagged } from '../http/route-options.ts';
import { callerOf, type CallerGuards } from './caller.ts';

const identityRoute = routesTagged('identity');

/**
 * Two-step sign-in (decision 062). Turning it on and off, and the second step of a sign-in, are
 * better-auth's own calls under /api/auth/two-factor/; this says what the web app shows around them.
 */
export function twoFactorRoutes(guards: CallerGuards, policy: AdminTwoFactorPolicy): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/me/two-factor', identityRoute('Whether the caller signs in with a second factor, whether they are an admin, and whether the shop requires it of admins (ADMIN_TWO_FACTOR). Any signed-in user, about themselves; an admin who must still turn it on may call it.', { onRequest: guards.requireUser, answer: twoFactorStatusSchema }),
      (request): TwoFactorStatus => {
        const caller = callerOf(request);
        return { enabled: caller.twoFactorEnabled, staff: caller.roles.length > 0 || caller.awaitingTwoFactor === true, policy };
      });
  };
}
