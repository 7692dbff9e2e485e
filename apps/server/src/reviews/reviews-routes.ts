import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewSchema } from '@voltline/shared/review';
import { insertedSchema } from '@voltline/shared/order';
import { sendCachedJson } from '../http/cached-json.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { ReviewsService } from './reviews-service.ts';

/** Customer reviews (spec section 7). GET: anyone; POST: signed-in users. */
export function reviewsRoutes(reviewsService: ReviewsService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/review',
      { schema: { tags: ['reviews'], summary: 'All reviews, newest first. Public.', response: { 200: z.array(reviewSchema) } } },
      async (request, reply) => sendCachedJson(request, reply, await reviewsService.cachedReviewList()),
    );

    app.post(
      '/review',
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['reviews'],
          summary: 'Add a review (review, rating 1-5). Signed-in users; author and date come from the server.',
          body: z.record(z.string(), z.unknown()),
          response: { 200: insertedSchema },
        },
      },
      (request) => reviewsService.addReview(callerOf(request), request.body),
    );
  };
}
