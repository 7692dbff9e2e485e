import { z } from 'zod';
import { entityIdSchema } from './id.ts';
import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

/**
 * A tool's picture gallery (issue 40, item 4; decision 054): up to eight pictures in order, each
 * with its alternative text, resized once on upload for the card, the page and the zoom, in WebP
 * and in the format it came in. The first is the tool's `img`, as the spec has it.
 */
export const TOOL_PICTURES_MAX = 8;

/** The widths each picture is drawn at (never wider than it came). */
export const PICTURE_WIDTHS = { card: 400, page: 800, zoom: 1600 } as const;
export type PictureSize = keyof typeof PICTURE_WIDTHS;

const pictureAltSchema = text()
  .trim()
  .min(1, 'Describe the picture for those who cannot see it (alternative text)')
  .max(TEXT_LIMITS.pictureAlt, tooLongMessage('Alternative text', TEXT_LIMITS.pictureAlt));

/** POST /api/admin/tools/{id}/pictures?alt=: the picture is the multipart body's field "image". */
export const addPictureQuerySchema = z.object({ alt: pictureAltSchema }).strict();
/** PATCH /api/admin/tools/{id}/pictures/{pictureId}. */
export const pictureAltUpdateSchema = z.object({ alt: pictureAltSchema }).strict();
/** PUT /api/admin/tools/{id}/pictures/order: every picture of the tool once, the first first. */
export const pictureOrderSchema = z.object({ pictureIds: z.array(entityIdSchema).min(1, 'Name the pictures in their new order').max(TOOL_PICTURES_MAX) }).strict();
export const pictureParamsSchema = z.object({ id: text().max(100), pictureId: text().max(100) });

const drawnSchema = z.object({ webp: z.string(), original: z.string(), width: z.number().int() });

export const toolPictureSchema = z.object({
  _id: entityIdSchema,
  alt: z.string(),
  position: z.number().int(),
  /** The original format's type (image/jpeg or image/png): what a browser without WebP draws. */
  originalType: z.string(),
  card: drawnSchema,
  page: drawnSchema,
  zoom: drawnSchema,
  /** `srcset` values: every size in WebP, and in the original format. */
  srcset: z.object({ webp: z.string(), original: z.string() }),
});
export type ToolPicture = z.infer<typeof toolPictureSchema>;

/**
 * The `srcset`s a list draws a tool's first picture from (a card, a cart line, the purchase page):
 * its card and page drawings in WebP, and in its own format. A tool whose `img` is not its gallery's
 * first picture (an address typed in the tool's form, the spec's way) has none: its `img` is drawn as it is.
 */
export const listPictureSchema = z.object({ webp: z.string(), original: z.string() });
export type ListPicture = z.infer<typeof listPictureSchema>;

/** One `srcset` from drawings of a picture, narrowest first; a width drawn twice (a small upload, never enlarged) once. */
export function srcsetOf(drawings: { url: string; width: number }[]): string {
  const widths = new Set<number>();
  return [...drawings]
    .sort((a, b) => a.width - b.width)
    .filter((drawing) => !widths.has(drawing.width) && widths.add(drawing.width))
    .map((drawing) => `${drawing.url} ${drawing.width}w`)
    .join(', ');
}

export const toolPictureMessages = {
  full: `A tool has at most ${TOOL_PICTURES_MAX} pictures: remove one before adding another.`,
  notFound: 'Picture not found',
  orderNotWhole: 'Send every picture of the tool once, in the new order.',
};
