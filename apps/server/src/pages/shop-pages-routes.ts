import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@voltline/shared/api-error';
import { shopPageParamsSchema, shopPageSchema } from '@voltline/shared/shop-page-schemas';
import { findShopPage, SHOP_PAGES } from '@voltline/shared/shop-pages';
import { notFound } from '../platform/app-error.ts';
import type { ShopPages } from './shop-pages.ts';

const knownPages = SHOP_PAGES.map((page) => page.slug).join(', ');

/** The footer's pages (About us, Contact, Jobs and the legal ones). Who may call: anyone. */
export function shopPagesRoutes(pages: ShopPages): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/pages/:slug',
      {
        schema: {
          tags: ['pages'],
          summary: `One of the shop's pages (${knownPages}): its title and text. Public.`,
          params: shopPageParamsSchema,
          response: { 200: shopPageSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        // Only a name from the fixed list reaches the file system; anything else is not a page.
        const page = findShopPage(request.params.slug);
        if (!page) throw notFound(`There is no such page. The shop's pages are: ${knownPages}.`);
        // The owner may replace the text at any time: browsers ask again rather than keep an old copy.
        reply.header('Cache-Control', 'no-cache');
        return pages.read(page);
      },
    );
  };
}
