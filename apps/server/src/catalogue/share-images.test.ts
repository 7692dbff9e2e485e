import Fastify from 'fastify';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { registerErrorHandler } from '../http/error-handler.ts';
import { registerRateLimits } from '../http/rate-limits.ts';
import { registerShareImageRoutes } from './share-image-routes.ts';
import { drawSharePng, SHARE_IMAGE_QUEUE, SHARE_IMAGE_SIZE, type DrawSharePng } from './share-images.ts';
import { expectBusyRefusals } from '../test-support/busy-refusals.ts';
import { multipartImage } from '../test-support/route-catalogue.ts';
import { startTestShop } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer } from '../test-support/test-users.ts';

// The real build of the web app: the catalogue's drawings are read from it.
const webDistDir = path.resolve(import.meta.dirname, '../../../web/dist');

describe.each(testDatabaseKinds)('link preview pictures on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, webDistDir, users: true });
  let firstTool: Tool;

  beforeAll(async () => {
    [firstTool] = (await shop.app.inject({ method: 'GET', url: '/api/getTools?limit=1' })).json();
  });

  const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });

  async function expectSharePng(url: string): Promise<Buffer> {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const { format, width, height } = await sharp(response.rawPayload).metadata();
    expect({ format, width, height }).toEqual({ format: 'png', ...SHARE_IMAGE_SIZE });
    return response.rawPayload;
  }

  it('draws the home page picture as a 1200x630 PNG', async () => {
    await expectSharePng('/og/home.png');
  });

  it("draws a tool's SVG picture as a 1200x630 PNG, the same bytes on the next request", async () => {
    expect(firstTool.img).toMatch(/\.svg$/);
    const first = await expectSharePng(`/og/tools/${firstTool._id}.png`);
    const home = await expectSharePng('/og/home.png');
    expect(first.equals(home)).toBe(false);
    expect((await expectSharePng(`/og/tools/${firstTool._id}.png`)).equals(first)).toBe(true);
  });

  it('answers 304 to the ETag it gave', async () => {
    const first = await get('/og/home.png');
    expect(first.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const again = await get('/og/home.png', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it.each([
    ['an upload that does not exist', '/api/images/00000000-0000-4000-8000-000000000001'],
    ['a drawing the build does not have', '/images/tools/no-such-drawing.svg'],
  ])('gives a tool whose picture is %s the home picture', async (_label, img) => {
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/addTool',
      headers: bearer(shop.admin),
      payload: { toolName: `Share probe ${img}`, description: 'A tool whose picture the share image cannot read.', img, price: 5, minimumOrderQuantity: 1, availableQuantity: 3 },
    });
    expect(added.statusCode).toBe(200);
    const png = await expectSharePng(`/og/tools/${added.json().insertedId}.png`);
    expect(png.equals(await expectSharePng('/og/home.png'))).toBe(true);
  });

  it.each([
    ['an unknown tool', '/og/tools/00000000-0000-4000-8000-00000000dead.png'],
    ['a malformed tool id', '/og/tools/not-a-tool.png'],
  ])('answers 404 for %s', async (_label, url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });

  /** Seeded tools with pictures of their own: one per drawing of the catalogue (not the probes added above). */
  async function toolsWithDistinctPictures(): Promise<Tool[]> {
    const tools: Tool[] = (await get('/api/getTools?limit=100')).json();
    const seeded = tools.filter((tool) => !tool.toolName.startsWith('Share probe'));
    return [...new Map(seeded.map((tool) => [tool.img, tool])).values()];
  }

  /** A shop on the same database, its own data folder (or the one given) and rate-limit counts. */
  async function anotherShop(environment: Record<string, string>, logLines?: string[]) {
    return startTestShop(kind, { webDistDir, sameDatabaseAs: shop, environment, logLines });
  }

  const drawings = (logLines: string[]) => logLines.filter((line) => JSON.parse(line).msg === 'link preview picture drawn').length;

  it('draws each picture once: a restarted shop on the same data folder serves the stored picture', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'voltline-share-images-'));
    try {
      const [firstLog, secondLog]: string[][] = [[], []];
      const first = await anotherShop({ DATA_DIR: dataDir }, firstLog);
      const url = `/og/tools/${firstTool._id}.png`;
      const drawn = (await first.app.inject({ method: 'GET', url })).rawPayload;
      expect((await first.app.inject({ method: 'GET', url })).rawPayload.equals(drawn)).toBe(true);
      await first.close();
      expect(drawings(firstLog)).toBe(1);
      expect(readdirSync(path.join(dataDir, 'share-images'))).toEqual([expect.stringMatching(/^[0-9a-f]+\.png$/)]);

      const second = await anotherShop({ DATA_DIR: dataDir }, secondLog);
      const served = await second.app.inject({ method: 'GET', url });
      await second.close();
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(drawn)).toBe(true);
      expect(drawings(secondLog)).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('limits new drawings per client address: a 429 in words, while stored pictures and other addresses are served', async () => {
    const limited = await anotherShop({ SHARE_IMAGE_RENDERS_PER_MINUTE: '2' });
    try {
      const [a, b] = await toolsWithDistinctPictures();
      const ask = (tool: Tool, remoteAddress = '203.0.113.7') => limited.app.inject({ method: 'GET', url: `/og/tools/${tool._id}.png`, remoteAddress });
      expect((await ask(a!)).statusCode).toBe(200);
      expect((await limited.app.inject({ method: 'GET', url: '/og/home.png', remoteAddress: '203.0.113.7' })).statusCode).toBe(200);

      const refused = await ask(b!);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: 'too_many_requests',
        message: expect.stringMatching(/^Too many new link preview pictures were asked for from your address\. Try again in \d+ seconds?\.$/),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      for (let again = 0; again < 5; again += 1) expect((await ask(a!)).statusCode).toBe(200);
      expect((await ask(b!, '203.0.113.8')).statusCode).toBe(200);
      // Now stored, so the limited address gets it too.
      expect((await ask(b!)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('never serves the preview of an upload for the picture that replaced it', async () => {
    const upload = async (colour: string) => {
      const body = multipartImage(await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } }).png().toBuffer());
      const answer = await shop.app.inject({ method: 'POST', url: '/api/upload', headers: { ...bearer(shop.admin), ...body.headers }, payload: body.payload });
      expect(answer.statusCode).toBe(200);
      return answer.json().data.url as string;
    };
    // The upload is stored as lossy WebP: its colour comes back near, not exactly, what was sent.
    const centre = async (png: Buffer) => {
      const [red, , blue] = await sharp(png).extract({ left: 600, top: 315, width: 1, height: 1 }).raw().toBuffer();
      return red! > 200 && blue! < 50 ? 'red' : blue! > 200 && red! < 50 ? 'blue' : 'neither';
    };

    const fields = { price: 5, minimumOrderQuantity: 1, availableQuantity: 3 };
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/addTool',
      headers: bearer(shop.admin),
      payload: { toolName: 'Share probe with an upload', description: 'A tool whose picture is replaced.', img: await upload('#ff0000'), ...fields },
    });
    const url = `/og/tools/${added.json().insertedId}.png`;
    expect(await centre(await expectSharePng(url))).toBe('red');

    const updated = await shop.app.inject({ method: 'PATCH', url: `/api/updateTool/${added.json().insertedId}`, headers: bearer(shop.admin), payload: { ...fields, img: await upload('#0000ff') } });
    expect(updated.statusCode).toBe(200);
    expect(await centre(await expectSharePng(url))).toBe('blue');
  });

  it('draws at most the configured number at once; past a short queue a 503 in words', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'voltline-share-images-'));
    // The routes on their own app with a drawing that counts and waits until let go; the shop's catalogue and uploads.
    const app = Fastify();
    registerErrorHandler(app);
    await registerRateLimits(app, undefined);
    const held: (() => void)[] = [];
    let holding = true;
    let running = 0;
    let most = 0;
    const draw: DrawSharePng = async (bytes, fit) => {
      running += 1;
      most = Math.max(most, running);
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
      try {
        return await drawSharePng(bytes, fit);
      } finally {
        running -= 1;
      }
    };
    const atOnce = 2;
    registerShareImageRoutes(app, {
      catalogue: shop.core.catalogue,
      images: shop.core.images,
      config: { dataDir, webDistDir, shareImages: { rendersAtOnce: atOnce, rendersPerMinute: 1000, storeBytes: 100 * 1024 * 1024 } },
      draw,
    });
    try {
      const tools = await toolsWithDistinctPictures();
      const refusedCount = tools.length - atOnce - SHARE_IMAGE_QUEUE;
      expect(refusedCount).toBeGreaterThan(0);
      const settled: { statusCode: number }[] = [];
      const answers = Promise.all(
        tools.map((tool) => app.inject({ method: 'GET', url: `/og/tools/${tool._id}.png` }).then((answer) => (settled.push(answer), answer))),
      );
      // Every request has either been refused or reached the gate while the first drawings are held.
      await vi.waitFor(() => expect([settled.length, held.length]).toEqual([refusedCount, atOnce]));
      holding = false;
      for (const release of held) release();
      const all = await answers;

      expect(most).toBe(atOnce);
      expect(all.filter((answer) => answer.statusCode === 200)).toHaveLength(atOnce + SHARE_IMAGE_QUEUE);
      expectBusyRefusals(all, refusedCount, 'The shop is busy drawing link preview pictures. Try again in 5 seconds.');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
