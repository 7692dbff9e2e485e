import { z } from 'zod';
import { IMAGE_UPLOAD_MAX_BYTES } from '@voltline/shared/profile';

const maxMegabytes = IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024);

/** A profile picture as chosen: checked here too, so a large or wrong file is refused before it is sent. */
export const pictureFileSchema = z
  .instanceof(File)
  .refine((file) => file.type.startsWith('image/'), 'The profile picture must be an image')
  .refine((file) => file.size <= IMAGE_UPLOAD_MAX_BYTES, `The profile picture must be at most ${maxMegabytes} MB`);
