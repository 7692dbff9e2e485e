import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartMergeAnswerSchema, cartMergeSchema, cartQuantitySchema, cartSchema, cartToolParamsSchema } from '@voltline/shared/cart';
import type { RouteLimit } from '../http/rate-limits.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { CartService } from './cart-service.ts';

/** The signed-in caller's own cart (issue 28): every route reads and changes the caller's cart only. */
export function cartRoutes(cart: CartService, guards: CallerGuards, cartLimit: RouteLimit): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/cart',
      {
        onRequest: guards.requireUser,
        schema: {
          tags: ['cart'],
          summary:
            "The caller's cart at their current prices (their group's, at the tier each line's units reach, as checkout charges them): each line with what it cost them when added and why it cannot be ordered, if so; private, never cached. Signed-in users.",
          response: { 200: cartSchema },
        },
      },
      // The caller's own prices: never kept by a shared cache (as GET /api/my-prices, decision 072).
      async (request, reply) => reply.header('Cache-Control', 'private, no-store').send(await cart.cart(callerOf(request).userId)),
    );

    app.put(
      '/cart/lines/:toolId',
      {
        onRequest: guards.requireUser,
        config: cartLimit,
        schema: {
          tags: ['cart'],
          summary:
            'Put a tool in the cart with this quantity, or change its quantity. 400 below the minimum order or not a whole number, 409 above what can be ordered or past 50 tools, 404 for an unknown tool; a refusal changes nothing. Signed-in users.',
          params: cartToolParamsSchema,
          body: cartQuantitySchema,
          response: { 200: cartSchema },
        },
      },
      (request) => cart.setQuantity(callerOf(request).userId, request.params.toolId, request.body.quantity),
    );

    app.delete(
      '/cart/lines/:toolId',
      {
        onRequest: guards.requireUser,
        config: cartLimit,
        schema: { tags: ['cart'], summary: 'Take a tool out of the cart. Signed-in users.', params: cartToolParamsSchema, response: { 200: cartSchema } },
      },
      (request) => cart.removeLine(callerOf(request).userId, request.params.toolId),
    );

    app.post(
      '/cart/merge',
      {
        onRequest: guards.requireUser,
        config: cartLimit,
        schema: {
          tags: ['cart'],
          summary:
            "Add a visitor's browser cart to the account's at sign-in: quantities of a tool added up, then held within what can be ordered and the minimum order; each change told in `notes`. Signed-in users.",
          body: cartMergeSchema,
          response: { 200: cartMergeAnswerSchema },
        },
      },
      (request) => cart.merge(callerOf(request).userId, request.body),
    );
  };
}
