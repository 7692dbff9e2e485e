import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntrySchema, auditQuerySchema } from '@voltline/shared/audit';
import type { CallerGuards } from '../identity/caller.ts';
import { answerPage, pageOf, routesTagged } from '../http/route-options.ts';
import type { AuditLog } from './audit-log.ts';

const route = routesTagged('audit');

/** The audit log (decision 065): admins only, read a page at a time. */
export function auditRoutes(audit: AuditLog, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/admin/audit', route("Every change staff or an API key made, newest first, a page at a time (limit, cursor from the Link header): who (their email then), when, from which address, what kind, and only the fields that changed, before and after. actor: a staff member's email; kind; from and to: days (UTC), both included. Admins only.", { onRequest: guards.allow('audit'), querystring: auditQuerySchema, answer: pageOf(auditEntrySchema) }),
      answerPage((request) => audit.list(request.query)));
  };
}
