import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema } from '@voltline/shared/paging';
import { reviewInputSchema, reviewSchema, reviewSummarySchema } from '@voltline/shared/review';
import { deletedSchema, insertedSchema } from '@voltline/shared/order';
import { idParamsSchema } from '@voltline/shared/id';
import { acknowledgedSchema } from '@voltline/shared/profile';
import { sendCachedJson, sendPage } from '../http/replies.ts';
import type { PublicReadRations, RouteLimit } from '../http/rate-limits.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { ReviewsService } from './reviews-service.ts';

/**
 * Customer reviews (product.md, "The API"). The list and summary: anyone; adding: signed-in users;
 * editing: the author; deleting: the author or an admin (spec-deviations.md: the spec has neither).
 */
export function reviewsRoutes(
  reviewsService: ReviewsService,
  guards: CallerGuards,
  reviewLimit: RouteLimit,
  publicReads: PublicReadRations,
): FastifyPluginAsyncZod {
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
      async (request, reply) => sendCachedJson(request, reply, await reviewsService.cachedReviewList(request.query, publicReads(request, reply))),
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

    app.get(
      '/review/mine',
      {
        onRequest: guards.requireUser,
        schema: {
          tags: ['reviews'],
          summary: "The caller's own reviews, newest first, a page at a time (limit, cursor from the Link header), to edit or delete. Signed-in users.",
          querystring: pageQuerySchema,
          response: { 200: z.array(reviewSchema) },
        },
      },
      async (request, reply) => sendPage(request, reply, await reviewsService.listOwnReviews(callerOf(request), request.query)),
    );

    app.patch(
      '/review/:id',
      {
        onRequest: guards.requireUser,
        schema: {
          tags: ['reviews'],
          summary: 'Change a review (review, rating 1-5; the same rules as adding). Its author only.',
          params: idParamsSchema,
          body: reviewInputSchema,
          response: { 200: acknowledgedSchema },
        },
      },
      (request) => reviewsService.editOwnReview(callerOf(request), request.params.id, request.body),
    );

    app.delete(
      '/review/:id',
      {
        onRequest: guards.requireUser,
        schema: {
          tags: ['reviews'],
          summary: "Delete a review. Its author deletes it for good; an admin's removal hides it and records who removed it and when. Its author or an admin.",
          params: idParamsSchema,
          response: { 200: deletedSchema },
        },
      },
      (request) => reviewsService.removeReview(callerOf(request), request.params.id),
    );
  };
}
