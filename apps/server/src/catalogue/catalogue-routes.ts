import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toolListQuerySchema } from '@voltline/shared/paging';
import { toolIdParamsSchema, toolSchema } from '@voltline/shared/tool';
import { toolDetailSchema } from '@voltline/shared/categories';
import { sendCachedJson } from '../http/replies.ts';
import type { PublicReadRations } from '../http/rate-limits.ts';
import type { CatalogueService } from './catalogue-service.ts';
import { pageOf, routesTagged } from '../http/route-options.ts';

const route = routesTagged('catalogue');

/** Public catalogue reads (product.md, "The API"). Who may call: anyone. */
export function catalogueRoutes(catalogue: CatalogueService, publicReads: PublicReadRations): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/getTools', route('Tools, a page at a time (limit, cursor from the Link header, q: the name’s words with typos forgiven, a SKU’s start or a whole GTIN, sort: the best match first when searching unless another is asked). Public.', { querystring: toolListQuerySchema, answer: pageOf(toolSchema) }),
      async (request, reply) => sendCachedJson(request, reply, await catalogue.cachedToolList(request.query, publicReads(request, reply))));

    app.get('/getTool/:toolId', route('One tool, with its category (and the categories above it) and its specifications. Public.', { params: toolIdParamsSchema, answer: toolDetailSchema }),
      async (request, reply) => sendCachedJson(request, reply, await catalogue.cachedTool(request.params.toolId, publicReads(request, reply))));
  };
}
