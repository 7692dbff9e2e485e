import { z } from 'zod';
import { SEARCH_MAX_LENGTH, TOOL_SORTS } from './shop-constants.ts';
import { text } from './text.ts';

// In shop-constants.ts, which has no zod, for the home page's bundle (the catalogue's address).
export { SEARCH_MAX_LENGTH, TOOL_SORTS, type ToolSort } from './shop-constants.ts';

/**
 * Every list that grows with the business is answered a page at a time. The body stays the spec's
 * JSON array; the next page's address travels in a `Link: <...>; rel="next"` header.
 */
const PAGE_LIMIT_MAX = 100;
/** What a request without `limit` gets: a spec client on a small shop still sees everything. */
export const PAGE_LIMIT_DEFAULT = 100;
const CURSOR_MAX_LENGTH = 400;

const limitMessage = `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`;

export const pageQuerySchema = z.object({
  limit: z
    .string({ error: limitMessage })
    .regex(/^\d{1,3}$/, limitMessage)
    .transform(Number)
    .pipe(z.number().int().min(1, limitMessage).max(PAGE_LIMIT_MAX, limitMessage))
    .optional(),
  cursor: text()
    .max(CURSOR_MAX_LENGTH, 'This page link is not valid. Start again from the first page.')
    .optional(),
  q: text()
    .trim()
    .max(SEARCH_MAX_LENGTH, `Search can be at most ${SEARCH_MAX_LENGTH} characters`)
    .optional()
    .transform((q) => (q === '' ? undefined : q)),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const toolListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(TOOL_SORTS, { error: `sort must be one of ${TOOL_SORTS.join(', ')}` }).optional(),
});
export type ToolListQuery = z.infer<typeof toolListQuerySchema>;
