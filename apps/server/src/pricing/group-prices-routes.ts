import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerGroupChangeSchema,
  customerGroupInputSchema,
  customerGroupSchema,
  groupKeyParamsSchema,
  groupMemberInputSchema,
  groupMemberSchema,
  groupToolPriceInputSchema,
  groupToolPriceSchema,
  myPricesQuerySchema,
  myPricesSchema,
  toolPriceParamsSchema,
} from '@voltline/shared/customer-groups';
import { pageQuerySchema } from '@voltline/shared/paging';
import { answerPage, pageOf, routesTagged } from '../http/route-options.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { GroupPricesService } from './group-prices.ts';

const route = routesTagged('pricing');

/** Customer groups and their prices (issue 39, part 2; decision 059): a customer reads their own prices; admins keep the groups. */
export function groupPricesRoutes(groups: GroupPricesService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/my-prices', route("What the caller pays for the tools named (toolIds, comma-separated, at most 100): their customer group's unit price, minimum order and volume tiers, each also as they see it (without VAT for a group that shows prices so). Never stored by a shared cache. Signed-in users.", { onRequest: guards.requireUser, querystring: myPricesQuerySchema, answer: myPricesSchema }),
      // Per caller: the public catalogue answers stay list prices (cached for everyone); these are the caller's alone.
      async (request, reply) => reply.header('Cache-Control', 'private, no-store').send(await groups.myPrices(callerOf(request).userId, request.query.toolIds)));

    app.get('/admin/customer-groups', route('Every customer group (retail and trade first), each with how many tools it prices its own way and how many customers an admin put in it. Admins and accounts staff.', { onRequest: guards.allow('tradeAccounts'), answer: z.array(customerGroupSchema) }),
      () => groups.groups());
    app.post('/admin/customer-groups', route('Adds a customer group: its code (letters, digits, -), name and whether its customers see prices without VAT; 409 for a code taken. Admins and accounts staff.', { onRequest: guards.allow('tradeAccounts'), body: customerGroupInputSchema, answer: customerGroupSchema }),
      (request) => groups.create(callerOf(request), request.body));
    app.patch('/admin/customer-groups/:key', route("Renames a group or changes whether its customers see prices without VAT (only how prices are shown). Admins and accounts staff.", { onRequest: guards.allow('tradeAccounts'), params: groupKeyParamsSchema, body: customerGroupChangeSchema, answer: customerGroupSchema }),
      (request) => groups.change(callerOf(request), request.params.key, request.body));
    app.get('/admin/customer-groups/:key/prices', route("The group's own tool prices, by tool a page at a time (limit, cursor from the Link header). Admins and accounts staff.", { onRequest: guards.allow('tradeAccounts'), params: groupKeyParamsSchema, querystring: pageQuerySchema, answer: pageOf(groupToolPriceSchema) }),
      answerPage((request) => groups.prices(request.params.key, request.query)));
    app.put('/admin/customer-groups/:key/prices/:toolId', route("Sets the group's price of a tool: a price or a percent off the list price (or neither), volume tiers (a percent off from so many units of the tool in one order) and its own minimum order quantity. A checkout quoted before it is refused in words. Admins and accounts staff.", { onRequest: guards.allow('tradeAccounts'), params: toolPriceParamsSchema, body: groupToolPriceInputSchema, answer: groupToolPriceSchema }),
      (request) => groups.setPrice(callerOf(request), request.params.key, request.params.toolId, request.body));
    app.delete('/admin/customer-groups/:key/prices/:toolId', route('The group pays the list price of the tool again, at its own minimum. Admins and accounts staff.', { onRequest: guards.allow('tradeAccounts'), params: toolPriceParamsSchema, answer: z.object({ acknowledged: z.literal(true) }) }),
      (request) => groups.removePrice(callerOf(request), request.params.key, request.params.toolId));
    app.get('/admin/customer-groups/:key/members', route('The customers an admin put in the group, a page at a time (limit, cursor from the Link header). Approved business accounts are trade without being listed. Admins and accounts staff.', { onRequest: guards.allow('tradeAccounts'), params: groupKeyParamsSchema, querystring: pageQuerySchema, answer: pageOf(groupMemberSchema) }),
      answerPage((request) => groups.members(request.params.key, request.query)));
    app.put('/admin/customer-group-members', route('Puts a customer (by email) in a group, or with group null back in their own: trade with an approved business account, else retail. Admins and accounts staff.', { onRequest: guards.allow('tradeAccounts'), body: groupMemberInputSchema, answer: groupMemberSchema }),
      (request) => groups.placeMember(callerOf(request), request.body));
  };
}
