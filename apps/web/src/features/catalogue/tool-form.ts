import { z } from 'zod';
import { IMAGE_UPLOAD_MAX_BYTES } from '@voltline/shared/profile';
import { payableTool, toolInputSchema } from '@voltline/shared/tool';

const maxMegabytes = IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024);

/**
 * The tool's picture as a file input holds it: checked here (a picture, at most the upload limit)
 * so a wrong file is refused before it is sent. The tool's img is the upload's address, so the
 * forms ask for the file instead of the address.
 */
const chosenPicture = z
  .custom<FileList | undefined>((files) => files === undefined || files instanceof FileList, 'Image is required')
  .transform((files) => files?.[0])
  .refine((file) => file === undefined || file.type.startsWith('image/'), 'The image must be a picture')
  .refine((file) => file === undefined || file.size <= IMAGE_UPLOAD_MAX_BYTES, `The image must be at most ${maxMegabytes} MB`);

// The server's own checks, the minimum order at the unit price fitting one card payment included.
const toolFormFields = toolInputSchema.omit({ img: true });

/** Add Tool (product.md, "Rules for what people type"): every field and a picture are required. */
export const addToolFormSchema = payableTool(
  toolFormFields.extend({ image: chosenPicture.refine((file) => file !== undefined, 'Image is required') }),
);

/** Update tool: the same fields; without a new picture the tool keeps the one it has. */
export const editToolFormSchema = payableTool(toolFormFields.extend({ image: chosenPicture }));

/** What both tool forms hold while being filled in. */
export type ToolFormInput = z.input<typeof editToolFormSchema>;
export type ToolForm = z.output<typeof editToolFormSchema>;
