import { z } from 'zod';
import { entityIdSchema } from './id.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

const wholeNumber = (label: string) =>
  z.number({ error: `${label} must be a number` }).int({ error: `${label} must be a whole number` });

/** A tool of the catalogue, as the API answers it (spec section 3). */
export const toolSchema = z.object({
  _id: entityIdSchema,
  toolName: z.string(),
  description: z.string(),
  img: z.string(),
  price: z.number().int(),
  minimumOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
});
export type Tool = z.infer<typeof toolSchema>;

/** What an admin sends to add a tool. */
export const toolInputSchema = z.object({
  toolName: z.string().trim().min(1, 'Tool name is required').max(TEXT_LIMITS.toolName, tooLongMessage('Tool name', TEXT_LIMITS.toolName)),
  description: z
    .string()
    .trim()
    .min(1, 'Description is required')
    .max(TEXT_LIMITS.toolDescription, tooLongMessage('Description', TEXT_LIMITS.toolDescription)),
  // Pictures the shop serves itself only: an upload, or one of the shipped catalogue drawings.
  img: z
    .string()
    .trim()
    .min(1, 'Image is required')
    .max(TEXT_LIMITS.picture, tooLongMessage('Image', TEXT_LIMITS.picture))
    .regex(/^\/(api\/images\/[0-9a-f-]{36}|images\/[a-z0-9/_-]+\.(svg|webp|png|jpe?g))$/, 'Image must be an uploaded picture'),
  price: wholeNumber('Price').positive({ error: 'Price must be greater than 0' }).max(1_000_000),
  minimumOrderQuantity: wholeNumber('Minimum order quantity')
    .min(1, { error: 'Minimum order quantity must be at least 1' })
    .max(1_000_000),
  availableQuantity: wholeNumber('Available quantity')
    .min(0, { error: 'Available quantity cannot be negative' })
    .max(10_000_000),
});
export type ToolInput = z.infer<typeof toolInputSchema>;

export const toolIdParamsSchema = z.object({ toolId: z.string() });

/** PATCH /updateTool/{id}: the three numbers an admin edits (all required, whole numbers). */
export const toolUpdateSchema = toolInputSchema
  .pick({ availableQuantity: true, minimumOrderQuantity: true, price: true })
  .strict();
export type ToolUpdate = z.infer<typeof toolUpdateSchema>;

/** PATCH /getTool?toolName=: the spec's separate stock reduction. */
export const stockReductionSchema = z.object({
  quantity: z.number({ error: 'Quantity must be a number' }).int('Quantity must be a whole number').positive('Quantity must be positive'),
});
