import { z } from 'zod';
import { textWithLines } from './text.ts';
import { RATING_MAX, RATING_MIN } from './shop-constants.ts';
import { entityIdSchema } from './id.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

/**
 * A customer review, as the public list answers it (product.md, "Things the shop keeps") without the reviewer's email:
 * the home page shows the name and photo only, and a public answer carries no personal data
 * beyond what it shows. The email stays on the stored review.
 */
export const reviewSchema = z.object({
  _id: entityIdSchema,
  userName: z.string(),
  review: z.string(),
  reviewDate: z.string(),
  reviewTime: z.string(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  photo: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /review/summary: the count and average the home page shows above the newest reviews. */
export const reviewSummarySchema = z.object({ count: z.number().int(), averageRating: z.number().nullable() });
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** What a review without a rating is told: the form and the API say the same. */
export const RATING_REQUIRED = `Choose a rating from ${RATING_MIN} to ${RATING_MAX} stars`;

/**
 * POST /review and PATCH /review/{id}: the author and the date come from the server; the spec's other
 * fields are ignored. The rating has no default (spec-deviations.md): the spec's form started at one
 * star, and a customer who never touched the stars published a one-star review.
 */
export const reviewInputSchema = z.object({
  review: textWithLines().trim().min(1, 'Review is required').max(TEXT_LIMITS.review, tooLongMessage('Review', TEXT_LIMITS.review)),
  rating: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? RATING_REQUIRED : 'Rating must be a number') })
    .int('Rating must be a whole number')
    .min(RATING_MIN, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`)
    .max(RATING_MAX, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
