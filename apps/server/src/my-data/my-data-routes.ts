import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteMyAccountSchema, eraseCustomerSchema, erasureAnswerSchema } from '@voltline/shared/forget-me';
import { idParamsSchema } from '@voltline/shared/id';
import type { RouteLimit } from '../http/rate-limits.ts';
import { routesTagged } from '../http/route-options.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { ForgetMe } from './forget-me.ts';
import type { MyDataExport } from './my-data-export.ts';

const profileRoute = routesTagged('profiles');

/** A person's own data (issue 41, decisions 058 and 061): to take away, and to have forgotten. */
export function myDataRoutes(
  myData: MyDataExport,
  forgetMe: ForgetMe,
  guards: CallerGuards,
  limits: { exports: RouteLimit; deletions: RouteLimit },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/me/export', profileRoute("Everything the shop keeps about the caller as one JSON file to download (GDPR art. 15 and 20): account and sign-in methods, sessions (device and time, never their tokens), profile and role changes, orders with their lines, history, parcels, invoice and credit notes, returns, reviews, queries sent from the caller's email, cart and back-in-stock alerts. Streamed. The caller's own data only; a few downloads an hour (MY_DATA_EXPORTS_PER_HOUR), then 429 in words.", { onRequest: guards.requireUser, config: limits.exports }),
      (request, reply) =>
        reply
          .header('Content-Type', 'application/json; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="voltline-my-data.json"')
          .header('Cache-Control', 'no-store')
          .send(Readable.from(myData.exportOf(callerOf(request)))));

    app.delete('/me', profileRoute('"Forget me" (GDPR art. 17): the caller deletes their own account, typing DELETE and their password again; their reviews stay as "a former customer" or go (keepReviews). Account, sessions, tokens, profile, cart, alerts, queries and business account are erased in one transaction; orders keep only what tax law asks (decision 061). 409 in words naming each open order (waiting for payment, paid and not shipped, a return in progress); 403 for an admin; 422 for a wrong password; a few tries an hour, then 429.', { onRequest: guards.requireUser, body: deleteMyAccountSchema, answer: erasureAnswerSchema, config: limits.deletions }),
      (request) => forgetMe.deleteMyAccount(callerOf(request), request.body));

    app.post('/admin/users/:id/erase', profileRoute("The same erasure for a customer's request received by mail ({id}: the customer's profile): recorded with the admin, the time and the request's reference, without the erased data. 409 while an order is open or for an admin's account. Admins only.", { onRequest: guards.requireAdmin, params: idParamsSchema, body: eraseCustomerSchema, answer: erasureAnswerSchema }),
      (request) => forgetMe.eraseCustomer(callerOf(request), request.params.id, request.body));
  };
}
