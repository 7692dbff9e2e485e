import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Tool } from '@voltline/shared/tool';
import type { Config } from '../config.ts';
import type { ImagesService } from '../images/images-service.ts';
import { TryAgainLater } from '../platform/app-error.ts';
import { createBoundedMemory } from '../platform/bounded-memory.ts';
import { createTurns } from '../platform/turns.ts';
import type { CatalogueService } from './catalogue-service.ts';
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

/** A drawn picture and its stored name (which changes whenever the picture does). */
export interface SharePicture {
  png: Buffer;
  name: string;
}

/** Who asks for a picture: where their drawing is logged, and the count a new drawing must pass first (it throws when refused). */
export interface SharePictureAsker {
  log: FastifyBaseLogger;
  countDrawing: () => Promise<void>;
}

export interface ShareImageDependencies {
  catalogue: CatalogueService;
  images: ImagesService;
  config: Pick<Config, 'dataDir' | 'webDistDir' | 'shareImages'>;
  draw?: DrawSharePng;
}

/**
 * The pages' pictures as PNG (the home page's, each tool's), because social sites do not show the SVG
 * drawings the shop uses. Each picture is drawn once and kept in DATA_DIR; drawings are limited in
 * number at once here, and per client address by the asker's count (docs/decisions/021).
 */
export function createShareImages({ catalogue, images, config, draw = drawSharePng }: ShareImageDependencies, log: FastifyBaseLogger) {
  const { webDistDir, shareImages: limits } = config;
  const picturesDir = path.resolve(webDistDir, 'images');
  const store = openShareImageStore({ dir: path.join(config.dataDir, 'share-images'), maxBytes: limits.storeBytes, log });
  const inTurn = createTurns(
    { atOnce: limits.rendersAtOnce, queueLength: SHARE_IMAGE_QUEUE, retryAfterSeconds: BUSY_RETRY_SECONDS },
    { kind: 'busy', message: (wait) => `The shop is busy drawing link preview pictures. Try again in ${wait}.` },
  );
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

  async function sharePng(asker: SharePictureAsker, address: string, fit: ShareImageFit): Promise<SharePicture> {
    const name = await nameOf(address, fit);
    const known = remembered.get(name) ?? (await store.read(name));
    if (known) {
      remember(name, known);
      return { png: known, name };
    }
    let pending = drawing.get(name);
    if (!pending) {
      await asker.countDrawing();
      // Another request may have started the same drawing while this one was counted.
      pending = drawing.get(name) ?? startDrawing(asker, address, fit, name);
    }
    return { png: await pending, name };
  }

  function startDrawing(asker: SharePictureAsker, address: string, fit: ShareImageFit, name: string): Promise<Buffer> {
    const pending = (async () => {
      const png = await inTurn.run(async () => {
        const started = performance.now();
        const drawn = await draw(await pictureBytes(address), fit);
        asker.log.info({ img: address, ms: Math.round(performance.now() - started) }, 'link preview picture drawn');
        return drawn;
      });
      remember(name, png);
      // Stored before the answer, so a restart right after it does not draw the picture again;
      // a full disk costs a later drawing, never this answer.
      await store.write(name, png).catch((error: unknown) => asker.log.warn({ err: error }, 'link preview picture not stored'));
      return png;
    })();
    drawing.set(name, pending);
    // A failed drawing is not kept: the next request tries again.
    void pending.catch(() => undefined).finally(() => drawing.delete(name));
    return pending;
  }

  const homePng = (asker: SharePictureAsker) => sharePng(asker, HOME_PICTURE, 'cover');

  return {
    homePng,
    /** A tool's picture; unknown or malformed ids are refused with 404 (the catalogue's own refusal). */
    async toolPng(toolId: string, asker: SharePictureAsker): Promise<SharePicture> {
      const tool = JSON.parse((await catalogue.cachedTool(toolId)).identity.toString('utf8')) as Tool;
      // A tool whose picture cannot be read still gets a preview: the shop's own picture.
      return sharePng(asker, tool.img, 'contain').catch((error: unknown) => {
        if (error instanceof TryAgainLater) throw error;
        asker.log.warn({ err: error, img: tool.img }, 'tool picture not readable for its share image');
        return homePng(asker);
      });
    },
  };
}
