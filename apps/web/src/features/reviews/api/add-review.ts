import type { z } from 'zod';
import type { insertedSchema } from '@voltline/shared/order';
import type { ReviewInput } from '@voltline/shared/review';
import { apiSend } from '../../../lib/api-client.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

type Inserted = z.infer<typeof insertedSchema>;

/** POST /api/review: the server adds the author (from the token) and the date. */
const addReview = (review: ReviewInput) => apiSend<Inserted>('POST', '/review', review);

// The home page's newest reviews and their count and average.
export const useAddReview = () => useRefreshingMutation(addReview, [reviewKeys.all]);
