import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteLimit } from '../http/rate-limits.ts';
import { routesTagged } from '../http/route-options.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { MyDataExport } from './my-data-export.ts';

const profileRoute = routesTagged('profiles');

/** A person's own data (issue 41, decision 058). */
export function myDataRoutes(myData: MyDataExport, guards: CallerGuards, exportLimit: RouteLimit): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/me/export', profileRoute("Everything the shop keeps about the caller as one JSON file to download (GDPR art. 15 and 20): account and sign-in methods, sessions (device and time, never their tokens), profile and role changes, orders with their lines, history, parcels, invoice and credit notes, returns, reviews, queries sent from the caller's email, cart and back-in-stock alerts. Streamed. The caller's own data only; a few downloads an hour (MY_DATA_EXPORTS_PER_HOUR), then 429 in words.", { onRequest: guards.requireUser, config: exportLimit }),
      (request, reply) =>
        reply
          .header('Content-Type', 'application/json; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="voltline-my-data.json"')
          .header('Cache-Control', 'no-store')
          .send(Readable.from(myData.exportOf(callerOf(request)))));
  };
}
