import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema } from '@voltline/shared/paging';
import { reviewInputSchema, reviewSchema, reviewSummarySchema } from '@voltline/shared/review';
import { insertedSchema } from '@voltline/shared/order';
import { sendCachedJson } from '../platform/cached-json.ts';
import type { WriteLimit } from '../http/write-rate-limit.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { ReviewsService } from './reviews-service.ts';

/** Customer reviews (product.md, "The API"). GET: anyone; POST: signed-in users. */
export function reviewsRoutes(reviewsService: ReviewsService, guards: CallerGuards, reviewLimit: WriteLimit): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/review',
      {
        schema: {
          tags: ['reviews'],
          summary: 'Reviews, newest first, a page at a time (limit, cursor from the Link header). Public.',
          querystring: pageQuerySchema,
          response: { 200: z.array(reviewSchema) },
        },
      },
      async (request, reply) => sendCachedJson(request, reply, await reviewsService.cachedReviewList(request.query)),
    );

    app.get(
      '/review/summary',
      {
        schema: {
          tags: ['reviews'],
          summary: 'How many reviews there are and their average rating. Public.',
          response: { 200: reviewSummarySchema },
        },
      },
      async (request, reply) => sendCachedJson(request, reply, await reviewsService.cachedReviewSummary()),
    );

    app.post(
      '/review',
      {
        onRequest: guards.requireUser,
        config: reviewLimit,
        schema: {
          tags: ['reviews'],
          summary: 'Add a review (review, rating 1-5). Signed-in users; author and date come from the server.',
          body: reviewInputSchema,
          response: { 200: insertedSchema },
        },
      },
      (request) => reviewsService.addReview(callerOf(request), request.body),
    );
  };
}
