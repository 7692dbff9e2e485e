import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewSchema } from '@voltline/shared/review';
import type { ReviewsService } from './reviews-service.ts';

/** Customer reviews (spec section 7). GET: anyone. */
export function reviewsRoutes(reviewsService: ReviewsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/review',
      { schema: { tags: ['reviews'], summary: 'All reviews, newest first. Public.', response: { 200: z.array(reviewSchema) } } },
      () => reviewsService.listReviews(),
    );
  };
}
