import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_UPLOAD_MAX_BYTES } from '@voltline/shared/profile';
import { AppError } from '../platform/app-error.ts';

/**
 * The whole body of an upload: the picture, its part headers and a few short fields. Fastify's
 * bodyLimit does not apply to multipart (the parser reads the request stream itself), so this
 * cap is ours to keep.
 */
const UPLOAD_BODY_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES + 64 * 1024;

/**
 * busboy's own file limit: one byte past ours, so an oversized picture always hands us a byte we
 * can count. At exactly our limit busboy would cut the file without an error whenever the limit
 * fell between two reads, and the cut file would look complete.
 */
export const UPLOAD_PARSER_FILE_LIMIT = IMAGE_UPLOAD_MAX_BYTES + 1;

const pictureTooLarge = () => new AppError('payload_too_large', `The picture must be at most ${IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`);

/**
 * After refusing, the connection is closed rather than kept alive: otherwise Node would read
 * (and throw away) the rest of a body of any size so that the next request could follow it.
 */
function refuseTooLarge(reply: FastifyReply): never {
  void reply.header('connection', 'close');
  throw pictureTooLarge();
}

/** onRequest: a body announced as too large is refused before a byte of it is read. */
export async function refuseOversizedUpload(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (Number(request.headers['content-length'] ?? 0) > UPLOAD_BODY_MAX_BYTES) refuseTooLarge(reply);
}

/**
 * Rejects once more than `max` bytes of the request have been read, whatever part of the multipart
 * body they belong to (a preamble is read and thrown away too), and stops the parser reading more.
 * Chunked bodies announce no length, so the bytes themselves are counted.
 */
function bodyOverflow(request: FastifyRequest, max: number): Promise<never> {
  return new Promise((_resolve, reject) => {
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= max) return;
      request.raw.off('data', count);
      request.raw.unpipe();
      reject(pictureTooLarge());
    };
    request.raw.on('data', count);
    request.raw.once('end', () => request.raw.off('data', count));
  });
}

/** The picture's bytes, counted as they arrive: reading stops at the first byte past the limit. */
async function readPicture(file: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Leaving the loop destroys the file stream, which stops the parser reading the request.
    if (size > IMAGE_UPLOAD_MAX_BYTES) throw pictureTooLarge();
    chunks.push(chunk);
  }
  if (file.file.truncated) throw pictureTooLarge();
  return Buffer.concat(chunks);
}

/** The one picture of a multipart upload, in the field "image", at most 5 MB, from a body at most UPLOAD_BODY_MAX_BYTES. */
export async function receivePicture(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('bad_request', 'Send the picture as multipart/form-data in the field "image".');
  // request.file() pipes the request into the parser at once; counting starts right after, before any byte flows.
  const nextFile = request.file();
  const overflow = bodyOverflow(request, UPLOAD_BODY_MAX_BYTES);
  try {
    const file = await Promise.race([nextFile, overflow]);
    if (!file || file.fieldname !== 'image') throw new AppError('bad_request', 'Send the picture in the field "image".');
    return await Promise.race([readPicture(file), overflow]);
  } catch (error) {
    if (error instanceof AppError && error.kind === 'payload_too_large') refuseTooLarge(reply);
    throw error;
  }
}
