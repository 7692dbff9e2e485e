import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedSchema } from '@voltline/shared/order';
import { acknowledgedSchema } from '@voltline/shared/profile';
import {
  attributeInputSchema,
  attributeParamsSchema,
  attributeSchema,
  attributeUpdateSchema,
  categoryInputSchema,
  categoryTreeSchema,
  categoryUpdateSchema,
  toolSearchAnswerSchema,
  toolSearchQuerySchema,
} from '@voltline/shared/categories';
import { idParamsSchema } from '@voltline/shared/id';
import { z } from 'zod';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import { sendCachedJson } from '../http/replies.ts';
import type { PublicReadRations } from '../http/rate-limits.ts';
import { routesTagged, guardEveryRoute } from '../http/route-options.ts';
import type { CatalogueService } from './catalogue-service.ts';
import type { CategoriesService } from './categories-service.ts';

const route = routesTagged('catalogue');

/** The catalogue's tree and its search with filters and counts (issue 40; decision 049). Who may call: anyone. */
export function categoryRoutes(categories: CategoriesService, catalogue: CatalogueService, publicReads: PublicReadRations): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/categories', route('The categories as a tree of at most three levels, each with its specifications and how many tools it holds itself. Public.', { answer: categoryTreeSchema }),
      async (request, reply) => sendCachedJson(request, reply, await categories.cachedTree(publicReads(request, reply))));

    app.get('/tools/search', route('Tools narrowed by a search word (q), a category (its slug, with its subcategories), specifications (filter=<attributeId>:<choice>, :<min>..<max> or :yes), a price range and inStock; sorted (sort) a page at a time (limit, cursor: the answer’s nextCursor). Facets: each specification of the category with how many tools match each value given the other filters, numbers as their range; categories: without a category the top-level categories, within one its subcategories, each with how many tools match every other filter; total: the tools matching every filter. Public.', { querystring: toolSearchQuerySchema, answer: toolSearchAnswerSchema }),
      async (request, reply) => sendCachedJson(request, reply, await catalogue.searchTools(request.query, publicReads(request, reply))));
  };
}

/** Managing the tree and its specifications. Every route: admins only. */
export function categoryAdminRoutes(categories: CategoriesService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    // Before the body is read (decision 007): who may call is decided first.
    guardEveryRoute(app, guards.allow('catalogue'));

    app.post('/admin/categories', route('Create a category at the top or under a parent (parentId); its address name (slug) from its name unless given. Refused in words under a third level (422) or with an address name taken (409). Admins only.', { body: categoryInputSchema, answer: z.object({ _id: z.string(), slug: z.string() }) }),
      (request) => categories.createCategory(callerOf(request), request.body));

    app.patch('/admin/categories/:id', route('Rename a category, change its address name, or move it (parentId; null: to the top) with its subcategories; refused in words when the branch would go past three levels or under itself (422). Values its tools no longer fill are dropped. Admins only.', { params: idParamsSchema, body: categoryUpdateSchema, answer: acknowledgedSchema }),
      (request) => categories.updateCategory(callerOf(request), request.params.id, request.body));

    app.delete('/admin/categories/:id', route('Delete an empty category with its specifications; refused in words (409) while it holds tools or subcategories. Admins only.', { params: idParamsSchema, answer: deletedSchema }),
      (request) => categories.deleteCategory(callerOf(request), request.params.id));

    app.post('/admin/categories/:id/attributes', route('Add a specification to a category: a number (with its unit), a choice (with its list) or yes/no; the name is unique in the category (409). Admins only.', { params: idParamsSchema, body: attributeInputSchema, answer: attributeSchema }),
      (request) => categories.addAttribute(callerOf(request), request.params.id, request.body));

    app.patch('/admin/categories/:id/attributes/:attributeId', route('Rename a specification, change its unit or its list of choices (a choice some tool has cannot be removed: 409). Admins only.', { params: attributeParamsSchema, body: attributeUpdateSchema, answer: attributeSchema }),
      (request) => categories.updateAttribute(callerOf(request), request.params.id, request.params.attributeId, request.body));

    app.delete('/admin/categories/:id/attributes/:attributeId', route('Delete a specification and every tool’s value of it. Admins only.', { params: attributeParamsSchema, answer: deletedSchema }),
      (request) => categories.deleteAttribute(callerOf(request), request.params.id, request.params.attributeId));
  };
}
