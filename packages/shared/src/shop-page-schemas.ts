import { z } from 'zod';
import { text } from './text.ts';
import { SHOP_PAGES } from './shop-pages.ts';

/*
 * GET /api/pages/{slug}. Apart from shop-pages.ts, which the footer imports on every public page:
 * only the server needs zod for these.
 */

/** Any text is a well-formed name: one not in the list answers 404, as an unknown page does. */
export const shopPageParamsSchema = z.object({ slug: text() });

export const shopPageSchema = z.object({
  slug: z.enum(SHOP_PAGES.map((page) => page.slug)),
  title: z.string(),
  /** The owner's text or the shipped default, in the small Markdown subset the web app renders. */
  text: z.string(),
});
