import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from './shop-constants.ts';
import { entityIdSchema } from './id.ts';

/** A customer review, as the API answers it (spec section 3). */
export const reviewSchema = z.object({
  _id: entityIdSchema,
  userName: z.string(),
  userEmail: z.string(),
  review: z.string(),
  reviewDate: z.string(),
  reviewTime: z.string(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  photo: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** POST /review: the author and the date come from the server; the spec's other fields are ignored. */
export const reviewInputSchema = z.object({
  review: z.string().trim().min(1, 'Review is required').max(1000, 'Review is too long (1000 characters at most)'),
  rating: z
    .number({ error: 'Rating must be a number' })
    .int('Rating must be a whole number')
    .min(RATING_MIN, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`)
    .max(RATING_MAX, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
