import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessAccountApplicationSchema,
  businessAccountApprovalSchema,
  businessAccountRefusalSchema,
  businessAccountSchema,
  businessAccountsQuerySchema,
  ownBusinessAccountSchema,
  vatIdConfirmationSchema,
} from '@voltline/shared/business-accounts';
import { idParamsSchema } from '@voltline/shared/id';
import type { RouteLimit } from '../http/rate-limits.ts';
import { answerPage, pageOf, routesTagged } from '../http/route-options.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { BusinessAccountsService } from './business-accounts-service.ts';

const route = routesTagged('trade');

/** Business accounts (issue 39): a customer applies and reads their own; admins list, decide and confirm VAT ids. */
export function businessAccountsRoutes(accounts: BusinessAccountsService, guards: CallerGuards, applyLimit: RouteLimit): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/business-account', route("The caller's business account (its state, a refusal's reason, the latest check of its VAT id), or null before they apply. Signed-in users.", { onRequest: guards.requireUser, answer: ownBusinessAccountSchema }),
      (request) => accounts.mine(callerOf(request)));
    app.post('/business-account', route('Apply for a business account: company name, VAT id (checked with VIES at once), billing address, an optional note; again after a refusal. 409 once approved. Signed-in users, a few a minute (ORDER_RATE_LIMIT_PER_MINUTE).', { onRequest: guards.requireUser, config: applyLimit, body: businessAccountApplicationSchema, answer: businessAccountSchema }),
      (request) => accounts.apply(callerOf(request), request.body));

    app.get('/admin/business-accounts', route('The Trade accounts page: applications newest first, a page at a time (limit, cursor from the Link header); q finds a part of the company, VAT id or email; state=pending|approved|refused. Admins only.', { onRequest: guards.allow('tradeAccounts'), querystring: businessAccountsQuerySchema, answer: pageOf(businessAccountSchema) }),
      answerPage((request) => accounts.list(request.query)));
    app.post('/admin/business-accounts/:id/approve', route('Approve a waiting application: its VAT id becomes the customer\'s at checkout and its invoices name the company; the customer is mailed. 409 unless waiting. Admins only.', { onRequest: guards.allow('tradeAccounts'), params: idParamsSchema, body: businessAccountApprovalSchema, answer: businessAccountSchema }),
      (request) => accounts.approve(callerOf(request), request.params.id));
    app.post('/admin/business-accounts/:id/refuse', route('Refuse a waiting application with a reason in words, mailed to the customer, who may apply again. 409 unless waiting. Admins only.', { onRequest: guards.allow('tradeAccounts'), params: idParamsSchema, body: businessAccountRefusalSchema, answer: businessAccountSchema }),
      (request) => accounts.refuse(callerOf(request), request.params.id, request.body.reason));
    app.post('/admin/business-accounts/:id/confirm-vat-id', route('Confirm an approved account\'s VAT id by hand (who, when and why are kept): reverse charge applies without a recent VIES check. 409 unless approved. Admins only.', { onRequest: guards.allow('tradeAccounts'), params: idParamsSchema, body: vatIdConfirmationSchema, answer: businessAccountSchema }),
      (request) => accounts.confirmVatId(callerOf(request), request.params.id, request.body.reason));
  };
}
