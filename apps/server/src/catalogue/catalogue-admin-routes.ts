import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedSchema, insertedSchema } from '@voltline/shared/order';
import { acknowledgedSchema } from '@voltline/shared/profile';
import { toolListQuerySchema } from '@voltline/shared/paging';
import { payableTool, stockCallSchema, toolInputSchema, toolSchema, toolUpdateAnswerSchema, toolUpdateSchema } from '@voltline/shared/tool';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { CatalogueService } from './catalogue-service.ts';
import { idParamsSchema } from '@voltline/shared/id';
import { text } from '@voltline/shared/text';
import { answerPage, pageOf, routesTagged, guardEveryRoute } from '../http/route-options.ts';

const route = routesTagged('catalogue');

/** Catalogue management (product.md, "The API"). Every route: admins only. */
export function catalogueAdminRoutes(catalogue: CatalogueService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    // Before the body is read (decision 007): who may call is decided first, so a stranger learns nothing about the bodies.
    guardEveryRoute(app, guards.allow('catalogue'));

    app.get('/adminGetTools', route('Tools, a page at a time (limit, cursor from the Link header, q: the name’s words with typos forgiven, a SKU’s start or a whole GTIN, sort: the best match first when searching unless another is asked). Admins only.', { querystring: toolListQuerySchema, answer: pageOf(toolSchema) }),
      answerPage((request) => catalogue.listTools(request.query)));

    app.post('/addTool', route('Add a tool; its name, SKU and GTIN must not be taken (409), its GTIN’s check digit must be right (400). Admins only.', { body: payableTool(toolInputSchema), answer: insertedSchema }),
      (request) => catalogue.addTool(callerOf(request), request.body));

    app.patch('/updateTool/:id', route('Set available quantity, minimum order quantity and price, and optionally a new tool name (409 when taken), description, picture, SKU or GTIN (409 when another tool has it; empty or null takes it away), its category (`categoryId`, null: none) and its `specifications` (attribute id -> value, replacing the tool’s; each checked by its kind, 422 in words). A new available quantity is recorded as a `counted` stock movement ("edited in Manage Tools"); it cannot go below what paid orders were promised (409). `warning` when customers cannot order it as saved. Admins only.', { params: idParamsSchema, body: payableTool(toolUpdateSchema), answer: toolUpdateAnswerSchema }),
      (request) => catalogue.updateTool(callerOf(request), request.params.id, request.body));

    app.delete('/deleteTool/:id', route('Delete a tool: its unpaid orders are cancelled with it (their buyers are told); its paid orders stay shippable. Refused (409) while paid orders wait for more units than it has in stock. Admins only.', { params: idParamsSchema, answer: deletedSchema }),
      (request) => catalogue.deleteTool(callerOf(request), request.params.id));

    app.patch('/getTool', route('The spec’s stock call, kept for old clients: Deliver already lowered the stock, so it changes nothing and answers modifiedCount 0. Admins only.', { querystring: z.object({ toolName: text().min(1).max(200) }), body: stockCallSchema, answer: acknowledgedSchema }),
      (request) => catalogue.acknowledgeStockCall(request.query.toolName));
  };
}
