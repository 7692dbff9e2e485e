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
