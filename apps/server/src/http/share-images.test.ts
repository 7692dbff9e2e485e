import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { SHARE_IMAGE_SIZE } from './share-images.ts';
import { startTestShop, type TestShop } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { bearer, registerCustomerAndAdmin, type TestUser } from '../test-support/test-users.ts';

// The real build of the web app: the catalogue's drawings are read from it.
const webDistDir = path.resolve(import.meta.dirname, '../../../web/dist');

describe.each(testDatabaseKinds)('link preview pictures on $name', (kind) => {
  let shop: TestShop;
  let admin: TestUser;
  let firstTool: Tool;

  beforeAll(async () => {
    shop = await startTestShop(kind, { seed: true, webDistDir });
    ({ admin } = await registerCustomerAndAdmin(shop));
    [firstTool] = (await shop.app.inject({ method: 'GET', url: '/api/getTools?limit=1' })).json();
  });
  afterAll(() => shop.close());

  const get = (url: string) => shop.app.inject({ method: 'GET', url });

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

  it.each([
    ['an upload that does not exist', '/api/images/00000000-0000-4000-8000-000000000001'],
    ['a drawing the build does not have', '/images/tools/no-such-drawing.svg'],
  ])('gives a tool whose picture is %s the home picture', async (_label, img) => {
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/addTool',
      headers: bearer(admin),
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
});
