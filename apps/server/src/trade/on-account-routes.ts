import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@voltline/shared/id';
import { bankPaymentSchema, orderOnAccountSchema, ordersOnAccountQuerySchema, paymentTermsSchema } from '@voltline/shared/on-account';
import { businessAccountSchema } from '@voltline/shared/business-accounts';
import { orderSchema } from '@voltline/shared/order';
import { answerPage, pageOf, routesTagged } from '../http/route-options.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { BusinessAccountsService } from './business-accounts-service.ts';
import type { OnAccountService } from './on-account-service.ts';

const route = routesTagged('trade');

/** Paying on account (issue 39, part 3; decision 060): the admins set terms, follow open orders on account and record bank transfers. */
export function onAccountRoutes(accounts: BusinessAccountsService, onAccount: OnAccountService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.put('/admin/business-accounts/:id/payment-terms', route('Set an approved account\'s payment terms: `netDays` until an order on account is due (1-365; 30 unless set) and `creditLimit` in dollars, which its open orders on account never pass (0: card only). 409 unless approved. Admins and accounts staff.', { onRequest: guards.allow('tradeAccounts'), params: idParamsSchema, body: paymentTermsSchema, answer: businessAccountSchema }),
      (request) => accounts.setPaymentTerms(callerOf(request), request.params.id, request.body));
    app.get('/admin/orders-on-account', route('Orders on account not yet paid in full, soonest due first (the overdue ones lead), a page at a time (limit, cursor from the Link header); overdue=true only those past their due date. Admins and accounts staff.', { onRequest: guards.allow('accounts'), querystring: ordersOnAccountQuerySchema, answer: pageOf(orderOnAccountSchema) }),
      answerPage((request) => onAccount.list(request.query)));
    app.post('/admin/orders/:id/bank-payments', route('Record money received by bank transfer for an order on account (`amount` in dollars, at most what it still owes; an optional `reference`): the transfer that completes it pays it (ready to ship, the buyer mailed). 409 for an order not on account or not open, 422 past what it owes. Admins and accounts staff.', { onRequest: guards.allow('accounts'), params: idParamsSchema, body: bankPaymentSchema, answer: orderSchema }),
      (request) => onAccount.recordBankPayment(callerOf(request), request.params.id, request.body));
  };
}
