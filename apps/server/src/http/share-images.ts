import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { Tool } from '@voltline/shared/tool';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { Config } from '../config.ts';
import type { ImagesService } from '../images/images-service.ts';
import { inSeconds, TryAgainLater } from '../platform/app-error.ts';
import { createBoundedMemory } from '../platform/bounded-memory.ts';
import { createTurns } from '../platform/turns.ts';
import { openShareImageStore } from './share-image-store.ts';

/** What link previews show best (Open Graph's 1.91:1); the pages' og:image tags point here. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
/** Requests that wait for a drawing while the allowed number are being drawn; more are told to come back. */
export const SHARE_IMAGE_QUEUE = 8;
/** What a request told to come back is asked to wait: a few drawings' time. */
const BUSY_RETRY_SECONDS = 5;
/** The home page's picture (its banner), also used when a tool's picture cannot be read. */
const HOME_PICTURE = '/images/banner/workshop.svg';
/** The catalogue's drawings are SVG: drawn at this density they are sharp at 1200 px, then scaled down. */
const SVG_DENSITY = 300;
const MAX_INPUT_PIXELS = 50_000_000;
/** Part of every stored picture's name: changing how pictures are drawn must change it, so none is served stale. */
const DRAWING_VERSION = 'v1';
/** Drawn pictures kept in memory in front of the files (about 30 KB a drawing, more for a photo). */
const MEMORY_BYTES = 16 * 1024 * 1024;

export type ShareImageFit = 'cover' | 'contain';
/** Draws a picture's bytes as the share PNG; tests pass one that counts and holds drawings. */
export type DrawSharePng = (bytes: Buffer, fit: ShareImageFit) => Promise<Buffer>;

/**
 * `cover` fills the frame, keeping the busiest part of a wide picture (the home banner's factory);
 * `contain` shows a whole tool, the bands beside it in the colour of the picture's corner, so they
 * read as its own background.
 */
export const drawSharePng: DrawSharePng = async (bytes, fit) => {
  // Transparent parts are white, as on the shop's pages.
  const picture = () => sharp(bytes, { density: SVG_DENSITY, limitInputPixels: MAX_INPUT_PIXELS }).flatten({ background: '#ffffff' });
  const corner = fit === 'contain' ? await picture().extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer() : undefined;
  const background = { r: corner?.[0] ?? 255, g: corner?.[1] ?? 255, b: corner?.[2] ?? 255 };
  return picture()
    .resize({ ...SHARE_IMAGE_SIZE, fit, position: sharp.strategy.attention, background })
    .png({ compressionLevel: 9 })
    .toBuffer();
};

/**
 * GET /og/home.png and GET /og/tools/{toolId}.png: the pages' pictures as PNG, because social sites
 * do not show the SVG drawings the shop uses. Public, like the pages they illustrate, so each picture
 * is drawn once and kept in DATA_DIR; drawings are limited per client address and in number at once
 * (docs/decisions/021).
 */
export function registerShareImageRoutes(
  app: FastifyInstance,
  {
    catalogue,
    images,
    config,
    draw = drawSharePng,
  }: {
    catalogue: CatalogueService;
    images: ImagesService;
    config: Pick<Config, 'dataDir' | 'webDistDir' | 'shareImages'>;
    draw?: DrawSharePng;
  },
): void {
  const { webDistDir, shareImages: limits } = config;
  const picturesDir = path.resolve(webDistDir, 'images');
  const store = openShareImageStore({ dir: path.join(config.dataDir, 'share-images'), maxBytes: limits.storeBytes, log: app.log });
  const inTurn = createTurns(
    { atOnce: limits.rendersAtOnce, queueLength: SHARE_IMAGE_QUEUE, retryAfterSeconds: BUSY_RETRY_SECONDS },
    { kind: 'busy', message: (wait) => `The shop is busy drawing link preview pictures. Try again in ${wait}.` },
  );
  // Counted in the shop's rate-limit store (Redis when configured, so across instances), only when a
  // picture has to be drawn: pictures already drawn are served to anyone, as often as asked.
  const countDrawing = app.createRateLimit({
    max: limits.rendersPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `share-image:${request.ip}`,
  });
  const remembered = createBoundedMemory<Buffer>(MEMORY_BYTES, (png) => png.length);
  const remember = (name: string, png: Buffer) => remembered.set(name, png);
  const drawing = new Map<string, Promise<Buffer>>();

  /** A drawing of the build: its file's path, if it is one of the shop's pictures. */
  function buildFile(address: string): string {
    const file = path.resolve(webDistDir, `.${address}`);
    if (!address.startsWith('/images/') || !file.startsWith(`${picturesDir}${path.sep}`)) {
      throw new Error(`not a picture of the shop: ${address}`);
    }
    return file;
  }

  const uploadId = (address: string) => /^\/api\/images\/([^/?#]+)$/.exec(address)?.[1];

  /**
   * The stored picture's name. An upload's address never shows another picture (a replaced upload gets
   * a new id); a drawing of the build changes only with a release, which its file's time and size tell.
   */
  async function nameOf(address: string, fit: ShareImageFit): Promise<string> {
    let version = '';
    if (!uploadId(address)) {
      const { mtimeMs, size } = await stat(buildFile(address));
      version = `${mtimeMs}-${size}`;
    }
    return createHash('sha256').update(`${DRAWING_VERSION} ${fit} ${address} ${version}`).digest('hex').slice(0, 40);
  }

  /** The bytes of a picture the shop serves: an upload, or a drawing from the web build. */
  async function pictureBytes(address: string): Promise<Buffer> {
    const upload = uploadId(address);
    return upload ? (await images.getImage(upload)).bytes : readFile(buildFile(address));
  }

  async function sharePng(request: FastifyRequest, address: string, fit: ShareImageFit): Promise<{ png: Buffer; name: string }> {
    const name = await nameOf(address, fit);
    const known = remembered.get(name) ?? (await store.read(name));
    if (known) {
      remember(name, known);
      return { png: known, name };
    }
    let pending = drawing.get(name);
    if (!pending) {
      const limit = await countDrawing(request);
      if (!limit.isAllowed && limit.isExceeded) {
        const seconds = Math.max(1, limit.ttlInSeconds);
        throw new TryAgainLater('too_many_requests', `Too many new link preview pictures were asked for from your address. Try again in ${inSeconds(seconds)}.`, seconds);
      }
      // Another request may have started the same drawing while this one was counted.
      pending = drawing.get(name) ?? startDrawing(request, address, fit, name);
    }
    return { png: await pending, name };
  }

  function startDrawing(request: FastifyRequest, address: string, fit: ShareImageFit, name: string): Promise<Buffer> {
    const pending = (async () => {
      const png = await inTurn.run(async () => {
        const started = performance.now();
        const drawn = await draw(await pictureBytes(address), fit);
        request.log.info({ img: address, ms: Math.round(performance.now() - started) }, 'link preview picture drawn');
        return drawn;
      });
      remember(name, png);
      // Stored before the answer, so a restart right after it does not draw the picture again;
      // a full disk costs a later drawing, never this answer.
      await store.write(name, png).catch((error: unknown) => request.log.warn({ err: error }, 'link preview picture not stored'));
      return png;
    })();
    drawing.set(name, pending);
    // A failed drawing is not kept: the next request tries again.
    void pending.catch(() => undefined).finally(() => drawing.delete(name));
    return pending;
  }

  const homePng = (request: FastifyRequest) => sharePng(request, HOME_PICTURE, 'cover');

  /** The picture with its ETag (its stored name: it changes whenever the picture does). */
  async function send(request: FastifyRequest, reply: FastifyReply, picture: () => Promise<{ png: Buffer; name: string }>) {
    // A refusal to draw now (TryAgainLater) is answered by the error handler, with its Retry-After.
    const answer = await picture();
    const etag = `"${answer.name}"`;
    reply.header('ETag', etag).header('Cache-Control', 'public, max-age=3600');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('image/png').send(answer.png);
  }

  // Pictures for link previews, not part of the API: kept out of /api/docs as the sitemap is.
  app.get('/og/home.png', { schema: { hide: true } }, (request, reply) => send(request, reply, () => homePng(request)));

  app.get<{ Params: { toolId: string } }>('/og/tools/:toolId.png', { schema: { hide: true } }, async (request, reply) => {
    // Unknown or malformed ids answer 404 (the catalogue's own refusal).
    const tool = JSON.parse((await catalogue.cachedTool(request.params.toolId)).identity.toString('utf8')) as Tool;
    return send(request, reply, () =>
      // A tool whose picture cannot be read still gets a preview: the shop's own picture.
      sharePng(request, tool.img, 'contain').catch((error: unknown) => {
        if (error instanceof TryAgainLater) throw error;
        request.log.warn({ err: error, img: tool.img }, 'tool picture not readable for its share image');
        return homePng(request);
      }),
    );
  });
}
