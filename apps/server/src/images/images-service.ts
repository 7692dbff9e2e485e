import { eq } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import { entityIdSchema } from '@voltline/shared/id';
import type { Database } from '../db/client.ts';
import { images } from '../db/schema.ts';
import { AppError, notFound } from '../platform/app-error.ts';

/** Raster formats people upload from phones and cameras; SVG is refused (it can carry script). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Larger pictures are scaled down: nothing the shop shows is wider than this. */
const MAX_EDGE = 1200;
/** Decoding stops past this many pixels: a tiny file that unpacks to gigabytes is refused. */
const MAX_INPUT_PIXELS = 50_000_000;

const notAnImage = () => new AppError('bad_request', 'The file is not an image we can use (JPEG, PNG, WebP, GIF or AVIF).');

/** What an upload is, by its content (not its name): one of the raster formats taken, else refused in words. */
export async function uploadFormat(bytes: Buffer): Promise<string> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
  return format;
}

/** Decoding an upload: bounded in pixels, turned as the camera held it; a broken file is refused in words. */
export const decodeUpload = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();

export { notAnImage };

export function createImagesService(db: Database) {
  return {
    /**
     * Re-encodes an upload to WebP: that checks it really is an image (by content, not name),
     * bounds its size and strips metadata such as GPS positions.
     */
    async storeUpload(bytes: Buffer, uploadedBy: string): Promise<string> {
      await uploadFormat(bytes);
      let output: { data: Buffer; info: OutputInfo };
      try {
        output = await decodeUpload(bytes)
          .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw notAnImage();
      }
      const [row] = await db
        .insert(images)
        .values({ contentType: 'image/webp', bytes: output.data, width: output.info.width, height: output.info.height, uploadedBy })
        .returning({ id: images.id });
      return `/api/images/${row!.id}`;
    },

    async getImage(imageId: string): Promise<{ contentType: string; bytes: Buffer }> {
      const id = entityIdSchema.safeParse(imageId);
      if (!id.success) throw notFound('Image not found');
      const [row] = await db
        .select({ contentType: images.contentType, bytes: images.bytes })
        .from(images)
        .where(eq(images.id, id.data));
      if (!row) throw notFound('Image not found');
      return row;
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
