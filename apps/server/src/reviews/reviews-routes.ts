import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '@voltline/shared/paging';
import { reviewInputSchema, reviewSchema, reviewSummarySchema } from '@voltline/shared/review';
import { deletedSchema, insertedSchema } from '@voltline/shared/order';
import { idParamsSchema } from '@voltline/shared/id';
import { acknowledgedSchema } from '@voltline/shared/profile';
import { sendCachedJson } from '../http/replies.ts';
import type { PublicReadRations, RouteLimit } from '../http/rate-limits.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { ReviewsService } from './reviews-service.ts';
import { answerPage, pageOf, routesTagged } from '../http/route-options.ts';

const route = routesTagged('reviews');

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
    app.get('/review', route('Reviews, newest first, a page at a time (limit, cursor from the Link header). Public.', { querystring: pageQuerySchema, answer: pageOf(reviewSchema) }),
      async (request, reply) => sendCachedJson(request, reply, await reviewsService.cachedReviewList(request.query, publicReads(request, reply))));

    app.get('/review/summary', route('How many reviews there are and their average rating. Public.', { answer: reviewSummarySchema }),
      async (request, reply) => sendCachedJson(request, reply, await reviewsService.cachedReviewSummary()));

    app.post('/review', route('Add a review (review, rating 1-5). Signed-in users; author and date come from the server.', { onRequest: guards.requireUser, config: reviewLimit, body: reviewInputSchema, answer: insertedSchema }),
      (request) => reviewsService.addReview(callerOf(request), request.body));

    app.get('/review/mine', route("The caller's own reviews, newest first, a page at a time (limit, cursor from the Link header), to edit or delete. Signed-in users.", { onRequest: guards.requireUser, querystring: pageQuerySchema, answer: pageOf(reviewSchema) }),
      answerPage((request) => reviewsService.listOwnReviews(callerOf(request), request.query)));

    app.patch('/review/:id', route('Change a review (review, rating 1-5; the same rules as adding). Its author only.', { onRequest: guards.requireUser, params: idParamsSchema, body: reviewInputSchema, answer: acknowledgedSchema }),
      (request) => reviewsService.editOwnReview(callerOf(request), request.params.id, request.body));

    app.delete('/review/:id', route("Delete a review. Its author deletes it for good; an admin's removal hides it and records who removed it and when. Its author or an admin.", { onRequest: guards.requireUser, params: idParamsSchema, answer: deletedSchema }),
      (request) => reviewsService.removeReview(callerOf(request), request.params.id));
  };
}
