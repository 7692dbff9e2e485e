import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MAX_BYTES } from '@voltline/shared/profile';
import { images } from '../db/schema.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, type TestUser } from '../test-support/test-users.ts';

const BOUNDARY = '----voltline-test-boundary';
const MULTIPART_HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const partHead = (field: string, fileName: string, contentType: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
const closing = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

function multipart(fileName: string, contentType: string, bytes: Buffer, field = 'image') {
  return { payload: Buffer.concat([partHead(field, fileName, contentType), bytes, closing]), headers: MULTIPART_HEADERS };
}

/** A real PNG followed by zeros up to `size` bytes: decoders stop at its end marker and ignore the rest. */
async function paddedPng(size: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
}

/** The body as a socket delivers it: in these chunks, so the test decides where each read ends. */
const inChunks = (chunks: Buffer[]) => Readable.from(chunks, { objectMode: false });
const totalLength = (chunks: Buffer[]) => String(chunks.reduce((sum, chunk) => sum + chunk.length, 0));

describe.each(testDatabaseKinds)('image uploads on $name', (kind) => {
  const shop = useTestShop(kind, { users: true });

  const upload = (body: ReturnType<typeof multipart>, user: TestUser | null = shop.customer) =>
    shop.app.inject({ method: 'POST', url: '/api/upload', payload: body.payload, headers: { ...body.headers, ...(user ? bearer(user) : {}) } });

  it('re-encodes a picture to WebP without its metadata and serves it for good', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#f5a524' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret location' } } })
      .toBuffer();
    const response = await upload(multipart('me.jpg', 'image/jpeg', photo));
    expect(response.statusCode).toBe(200);
    const url: string = response.json().data.url;
    expect(url).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);

    const served = await shop.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(Math.max(metadata.width!, metadata.height!)).toBe(1200);
    expect(metadata.exif).toBeUndefined();
  });

  it.each([
    ['a text file named .png', 'notes.png', 'image/png', Buffer.from('just some text, not a picture')],
    ['an SVG with a script', 'evil.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>')],
    ['an HTML page', 'page.jpg', 'image/jpeg', Buffer.from('<html><script>alert(1)</script></html>')],
  ])('refuses %s and stores nothing', async (_label, name, type, bytes) => {
    const before = await shop.database.db.select({ id: images.id }).from(images);
    const response = await upload(multipart(name, type, bytes));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('bad_request');
    expect(await shop.database.db.select({ id: images.id }).from(images)).toEqual(before);
  });

  it('refuses a decompression bomb (a small file of enormous dimensions)', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } }).png({ compressionLevel: 9, palette: true }).toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const response = await upload(multipart('bomb.png', 'image/png', bomb));
    expect(response.statusCode).toBe(400);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0xff);
    const response = await upload(multipart('big.jpg', 'image/jpeg', big));
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('payload_too_large');
  });

  const storedImages = async () => (await shop.database.db.select({ id: images.id }).from(images)).length;
  const tooLarge = { error: 'payload_too_large', message: 'The picture must be at most 5 MB.' };

  it.each([
    ['a few bytes more', 1024],
    ['56 MB more (61 MB in all)', 56 * 1024 * 1024],
  ])('refuses a picture whose first 5 MB end on a read, followed by %s, and stores nothing', async (_label, extra) => {
    // The parser cuts the file at the limit without a word when the limit falls exactly between two reads.
    const picture = Buffer.concat([await paddedPng(IMAGE_UPLOAD_MAX_BYTES), Buffer.alloc(extra, 0xff)]);
    const chunks = [
      Buffer.concat([partHead('image', 'big.png', 'image/png'), picture.subarray(0, IMAGE_UPLOAD_MAX_BYTES)]),
      Buffer.concat([picture.subarray(IMAGE_UPLOAD_MAX_BYTES), closing]),
    ];
    const before = await storedImages();
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: inChunks(chunks),
      headers: { ...MULTIPART_HEADERS, 'content-length': totalLength(chunks), ...bearer(shop.customer) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(tooLarge);
    expect(await storedImages()).toBe(before);
  });

  it('accepts a picture of exactly 5 MB', async () => {
    const response = await upload(multipart('full.png', 'image/png', await paddedPng(IMAGE_UPLOAD_MAX_BYTES)));
    expect(response.statusCode).toBe(200);
  });

  it('caps the whole body, not only the file: megabytes around a small picture, sent without a length', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
    // Multipart ignores anything before the first boundary; a parser reads it all the same.
    const preamble = Buffer.alloc(2 * 1024 * 1024, 'x');
    const chunks = [preamble, preamble, preamble, Buffer.from('\r\n'), partHead('image', 'small.png', 'image/png'), png, closing];
    const before = await storedImages();
    const response = await shop.app.inject({ method: 'POST', url: '/api/upload', payload: inChunks(chunks), headers: { ...MULTIPART_HEADERS, ...bearer(shop.customer) } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'payload_too_large', message: expect.stringContaining('5 MB') });
    expect(await storedImages()).toBe(before);
  });

  it('refuses anonymous uploads and other field names', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
    expect((await upload(multipart('a.png', 'image/png', png), null)).statusCode).toBe(401);
    expect((await upload(multipart('a.png', 'image/png', png, 'file'))).statusCode).toBe(400);
    const json = await shop.app.inject({ method: 'POST', url: '/api/upload', headers: bearer(shop.customer), payload: { image: 'x' } });
    expect(json.statusCode).toBe(400);
  });

  it('answers 404 for unknown images', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/images/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: '/api/images/nope' })).statusCode).toBe(404);
  });
});
