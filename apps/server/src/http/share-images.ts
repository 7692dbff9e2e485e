import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Tool } from '@voltline/shared/tool';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { ImagesService } from '../images/images-service.ts';

/** What link previews show best (Open Graph's 1.91:1); the pages' og:image tags point here. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
/** The home page's picture (its banner), also used when a tool's picture cannot be read. */
const HOME_PICTURE = '/images/banner/workshop.svg';
/** The catalogue's drawings are SVG: drawn at this density they are sharp at 1200 px, then scaled down. */
const SVG_DENSITY = 300;
const MAX_INPUT_PIXELS = 50_000_000;
/** One PNG (about 50-150 KB) per picture address; the oldest is dropped past this many. */
const MAX_CACHED_IMAGES = 200;

/**
 * GET /og/home.png and GET /og/tools/{toolId}.png: the pages' pictures as PNG, because social sites
 * do not show the SVG drawings the shop uses. Public, like the pages they illustrate.
 */
export function registerShareImageRoutes(
  app: FastifyInstance,
  { catalogue, images, webDistDir }: { catalogue: CatalogueService; images: ImagesService; webDistDir: string },
): void {
  const picturesDir = path.resolve(webDistDir, 'images');
  // By picture address: the picture at an address never changes (an upload gets a new id, the build's
  // drawings change only with a release), so a tool whose picture is replaced gets a new PNG at once.
  const rendered = new Map<string, Promise<Buffer>>();

  /** The bytes of a picture the shop serves: an upload, or a drawing from the web build. */
  async function pictureBytes(address: string): Promise<Buffer> {
    const upload = /^\/api\/images\/([^/?#]+)$/.exec(address);
    if (upload) return (await images.getImage(upload[1]!)).bytes;
    const file = path.resolve(webDistDir, `.${address}`);
    if (!address.startsWith('/images/') || !file.startsWith(`${picturesDir}${path.sep}`)) {
      throw new Error(`not a picture of the shop: ${address}`);
    }
    return readFile(file);
  }

  /**
   * `cover` fills the frame, keeping the busiest part of a wide picture (the home banner's factory);
   * `contain` shows a whole tool, the bands beside it in the colour of the picture's corner, so they
   * read as its own background.
   */
  async function renderPng(address: string, fit: 'cover' | 'contain'): Promise<Buffer> {
    const bytes = await pictureBytes(address);
    // Transparent parts are white, as on the shop's pages.
    const picture = () => sharp(bytes, { density: SVG_DENSITY, limitInputPixels: MAX_INPUT_PIXELS }).flatten({ background: '#ffffff' });
    const corner = fit === 'contain' ? await picture().extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer() : undefined;
    const background = { r: corner?.[0] ?? 255, g: corner?.[1] ?? 255, b: corner?.[2] ?? 255 };
    return picture()
      .resize({ ...SHARE_IMAGE_SIZE, fit, position: sharp.strategy.attention, background })
      .png({ compressionLevel: 9 })
      .toBuffer();
  }

  function sharePng(address: string, fit: 'cover' | 'contain'): Promise<Buffer> {
    const key = `${fit} ${address}`;
    let png = rendered.get(key);
    if (!png) {
      png = renderPng(address, fit);
      rendered.set(key, png);
      // A failure is not kept: the next request tries again.
      png.catch(() => rendered.delete(key));
      if (rendered.size > MAX_CACHED_IMAGES) rendered.delete(rendered.keys().next().value!);
    }
    return png;
  }

  const homePng = () => sharePng(HOME_PICTURE, 'cover');

  // Pictures for link previews, not part of the API: kept out of /api/docs as the sitemap is.
  app.get('/og/home.png', { schema: { hide: true } }, async (_request, reply) => reply.type('image/png').header('Cache-Control', 'public, max-age=3600').send(await homePng()));

  app.get<{ Params: { toolId: string } }>('/og/tools/:toolId.png', { schema: { hide: true } }, async (request, reply) => {
    // Unknown or malformed ids answer 404 (the catalogue's own refusal).
    const tool = JSON.parse((await catalogue.cachedTool(request.params.toolId)).identity.toString('utf8')) as Tool;
    // A tool whose picture cannot be read still gets a preview: the shop's own picture.
    const png = await sharePng(tool.img, 'contain').catch((error: unknown) => {
      request.log.warn({ err: error, img: tool.img }, 'tool picture not readable for its share image');
      return homePng();
    });
    return reply.type('image/png').header('Cache-Control', 'public, max-age=3600').send(png);
  });
}
