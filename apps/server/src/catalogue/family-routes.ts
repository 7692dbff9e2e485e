import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedSchema } from '@voltline/shared/order';
import { acknowledgedSchema } from '@voltline/shared/profile';
import { pageQuerySchema } from '@voltline/shared/paging';
import { idParamsSchema } from '@voltline/shared/id';
import {
  accessoryLinkSchema,
  accessoryParamsSchema,
  familyInputSchema,
  familyMemberInputSchema,
  familyMemberParamsSchema,
  familySchema,
  familyUpdateSchema,
  fittingToolSchema,
} from '@voltline/shared/families';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { PublicReadRations } from '../http/rate-limits.ts';
import { answerPage, pageOf, routesTagged, guardEveryRoute } from '../http/route-options.ts';
import type { AccessoriesService } from './accessories-service.ts';
import type { FamiliesService } from './families-service.ts';

const route = routesTagged('catalogue');

/** What fits a tool, both ways, a page at a time (issue 40, item 7; decision 052). Who may call: anyone. */
export function accessoryRoutes(accessories: AccessoriesService, publicReads: PublicReadRations): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/tools/:id/accessories', route('What fits this tool (batteries, chargers, blades, spare parts), each with its kind, by name a page at a time (limit, cursor from the Link header). Public.', { params: idParamsSchema, querystring: pageQuerySchema, answer: pageOf(fittingToolSchema) }),
      answerPage((request, reply) => publicReads(request, reply)(() => accessories.linkedPage('accessories', request.params.id, request.query))));

    app.get('/tools/:id/fits', route('The tools this accessory fits, each with the kind of the link, by name a page at a time (limit, cursor from the Link header). Public.', { params: idParamsSchema, querystring: pageQuerySchema, answer: pageOf(fittingToolSchema) }),
      answerPage((request, reply) => publicReads(request, reply)(() => accessories.linkedPage('fits', request.params.id, request.query))));
  };
}

/** Tool families and accessory links. Every route: admins only. */
export function familyAdminRoutes(families: FamiliesService, accessories: AccessoriesService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    // Before the body is read (decision 007): who may call is decided first.
    guardEveryRoute(app, guards.allow('catalogue'));

    app.get('/admin/families', route('Tool families by name, each with its options and its tools’ values, a page at a time (limit, cursor from the Link header). Admins only.', { querystring: pageQuerySchema, answer: pageOf(familySchema) }),
      answerPage((request) => families.listFamilies(request.query)));

    app.post('/admin/families', route('Create a tool family with its options’ names (one to three, such as Voltage and Kit). Admins only.', { body: familyInputSchema, answer: z.object({ _id: z.string() }) }),
      (request) => families.createFamily(callerOf(request), request.body));

    app.patch('/admin/families/:id', route('Rename a family or its options (as many as it has: 422 in words otherwise). Admins only.', { params: idParamsSchema, body: familyUpdateSchema, answer: acknowledgedSchema }),
      (request) => families.updateFamily(callerOf(request), request.params.id, request.body));

    app.delete('/admin/families/:id', route('Delete a family; its tools stay in the catalogue, each on its own. Admins only.', { params: idParamsSchema, answer: deletedSchema }),
      (request) => families.deleteFamily(callerOf(request), request.params.id));

    app.put('/admin/families/:id/tools/:toolId', route('Place a tool in the family with its value of each option, or change its values. Refused in words: a tool of another family (409), values another tool of the family has (409), a value missing (422), a full family (422). Admins only.', { params: familyMemberParamsSchema, body: familyMemberInputSchema, answer: acknowledgedSchema }),
      (request) => families.placeTool(callerOf(request), request.params.id, request.params.toolId, request.body));

    app.delete('/admin/families/:id/tools/:toolId', route('Take a tool out of the family. Admins only.', { params: familyMemberParamsSchema, answer: deletedSchema }),
      (request) => families.removeTool(callerOf(request), request.params.id, request.params.toolId));

    app.put('/admin/tools/:id/accessories/:accessoryId', route('Link an accessory (a tool of its own) to a tool it fits, as a battery, charger, blade, spare part or other; sent again, the kind changes. A tool is not its own accessory (422). Admins only.', { params: accessoryParamsSchema, body: accessoryLinkSchema, answer: acknowledgedSchema }),
      (request) => accessories.linkAccessory(callerOf(request), request.params.id, request.params.accessoryId, request.body.kind));

    app.delete('/admin/tools/:id/accessories/:accessoryId', route('Unlink an accessory from a tool. Admins only.', { params: accessoryParamsSchema, answer: deletedSchema }),
      (request) => accessories.unlinkAccessory(callerOf(request), request.params.id, request.params.accessoryId));
  };
}
