import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS, tooLongMessage } from '@voltline/shared/text-limits';
import { toolPictureMessages, type ToolPicture } from '@voltline/shared/tool-pictures';
import { newTool } from '@voltline/test-kit/tools';
import { multipartImage } from '../test-support/route-catalogue.ts';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer } from '../test-support/test-users.ts';

/** The numbers an edit of the tool's form sends with its other fields. */
const numbersOf = ({ price, minimumOrderQuantity, availableQuantity }: ReturnType<typeof newTool>) => ({ price, minimumOrderQuantity, availableQuantity });

/** A picture wider than the zoom, so every size is drawn smaller than it came. */
const widePng = (background: string) => sharp({ create: { width: 2000, height: 1000, channels: 3, background } }).png().toBuffer();

/** Issue 40, item 4 (decision 054): up to eight pictures a tool, ordered, with words; the first is its img. */
describe.each(testDatabaseKinds)('a tool’s picture gallery on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });

  const asAdmin = (method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    shop.app.inject({ method, url: `/api${url}`, headers: bearer(shop.admin), ...(payload && { payload }) });
  const upload = async (toolId: string, alt: string, bytes?: Buffer) => {
    const form = multipartImage(bytes ?? (await widePng('#fa0')));
    return shop.app.inject({ method: 'POST', url: `/api/admin/tools/${toolId}/pictures?alt=${encodeURIComponent(alt)}`, headers: { ...form.headers, ...bearer(shop.admin) }, payload: form.payload });
  };
  const gallery = async (toolId: string): Promise<ToolPicture[]> => (await shop.app.inject({ method: 'GET', url: `/api/tools/${toolId}/pictures` })).json();
  const toolImg = async (toolId: string): Promise<string> => (await shop.app.inject({ method: 'GET', url: `/api/getTool/${toolId}` })).json().img;
  async function addTool(): Promise<string> {
    const added = await shop.app.inject({ method: 'POST', url: '/api/addTool', headers: bearer(shop.admin), payload: newTool() });
    return added.json().insertedId;
  }

  it('draws a picture once for the card, the page and the zoom in WebP and its own format; the first is the tool’s img', async () => {
    const toolId = await addTool();
    const added = await upload(toolId, 'The drill from the left');
    expect(added.statusCode, added.body).toBe(200);
    const [picture] = await gallery(toolId);
    expect(picture).toMatchObject({ _id: added.json()._id, alt: 'The drill from the left', position: 0, originalType: 'image/png', card: { width: 400 }, page: { width: 800 }, zoom: { width: 1600 } });
    expect(picture!.srcset.webp).toBe(`${picture!.card.webp} 400w, ${picture!.page.webp} 800w, ${picture!.zoom.webp} 1600w`);
    expect(await toolImg(toolId)).toBe(picture!.page.webp);
    const served = await shop.app.inject({ method: 'GET', url: picture!.zoom.original });
    expect([served.headers['content-type'], (await sharp(served.rawPayload).metadata()).width]).toEqual(['image/png', 1600]);
    expect((await shop.app.inject({ method: 'GET', url: picture!.card.webp })).headers['content-type']).toBe('image/webp');
  });

  it('refuses a ninth picture in words and writes nothing', async () => {
    const toolId = await addTool();
    const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#08f' } }).jpeg().toBuffer();
    for (let index = 0; index < 8; index += 1) expect((await upload(toolId, `Picture ${index + 1}`, small)).statusCode).toBe(200);
    const before = await snapshotShop(shop.database.db);
    const ninth = await upload(toolId, 'One too many', small);
    expect([ninth.statusCode, ninth.json()]).toEqual([409, { error: 'conflict', message: toolPictureMessages.full }]);
    expect(await snapshotShop(shop.database.db)).toEqual(before);
    expect((await gallery(toolId)).map((picture) => [picture.position, picture.originalType])).toEqual(Array.from({ length: 8 }, (_, index) => [index, 'image/jpeg']));
  });

  it('reorders the gallery (its first becomes the img), refuses an order that is not every picture once, and removes one', async () => {
    const toolId = await addTool();
    for (const alt of ['First', 'Second', 'Third']) await upload(toolId, alt);
    const [first, second, third] = await gallery(toolId);
    const reordered = await asAdmin('PUT', `/admin/tools/${toolId}/pictures/order`, { pictureIds: [third!._id, first!._id, second!._id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await gallery(toolId)).map((picture) => picture.alt)).toEqual(['Third', 'First', 'Second']);
    expect(await toolImg(toolId)).toBe(third!.page.webp);
    const partial = await asAdmin('PUT', `/admin/tools/${toolId}/pictures/order`, { pictureIds: [first!._id, second!._id] });
    expect([partial.statusCode, partial.json().message]).toEqual([422, toolPictureMessages.orderNotWhole]);
    const twice = await asAdmin('PUT', `/admin/tools/${toolId}/pictures/order`, { pictureIds: [first!._id, first!._id, second!._id] });
    expect(twice.statusCode).toBe(422);

    expect((await asAdmin('DELETE', `/admin/tools/${toolId}/pictures/${third!._id}`)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await gallery(toolId)).map((picture) => [picture.alt, picture.position])).toEqual([['First', 0], ['Second', 1]]);
    expect(await toolImg(toolId)).toBe(first!.page.webp);
    expect((await asAdmin('DELETE', `/admin/tools/${toolId}/pictures/${third!._id}`)).statusCode).toBe(404);
  });

  it('answers the first picture’s card and page sizes with the tool wherever it is listed, while its img is that picture', async () => {
    const toolId = await addTool();
    const answered = async () => {
      const tool = (await shop.app.inject({ method: 'GET', url: `/api/getTool/${toolId}` })).json();
      const listed = (await shop.app.inject({ method: 'GET', url: `/api/tools/search?q=${encodeURIComponent(tool.toolName)}` })).json().tools.find((found: { _id: string }) => found._id === toolId);
      expect(listed?.picture).toEqual(tool.picture);
      return tool;
    };
    expect('picture' in (await answered())).toBe(false);
    for (const alt of ['First', 'Second']) await upload(toolId, alt);
    const [first, second] = await gallery(toolId);
    expect((await answered()).picture).toEqual({ webp: `${first!.card.webp} 400w, ${first!.page.webp} 800w`, original: `${first!.card.original} 400w, ${first!.page.original} 800w` });
    await asAdmin('PUT', `/admin/tools/${toolId}/pictures/order`, { pictureIds: [second!._id, first!._id] });
    expect((await answered()).picture.webp).toBe(`${second!.card.webp} 400w, ${second!.page.webp} 800w`);
    // An address typed in the tool's form is drawn as it is: the sizes were of another picture.
    expect((await asAdmin('PATCH', `/updateTool/${toolId}`, { ...numbersOf(newTool()), img: '/images/tools/heat-gun.svg' })).statusCode).toBe(200);
    const typed = await answered();
    expect([typed.img, 'picture' in typed]).toEqual(['/images/tools/heat-gun.svg', false]);
  });

  it('names a small picture’s one width once in its srcsets (never drawn larger than it came)', async () => {
    const toolId = await addTool();
    await upload(toolId, 'Small', await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a0' } }).jpeg().toBuffer());
    const [picture] = await gallery(toolId);
    expect(picture!.srcset.original).toBe(`${picture!.card.original} 300w`);
    const tool = (await shop.app.inject({ method: 'GET', url: `/api/getTool/${toolId}` })).json();
    expect(tool.picture).toEqual({ webp: `${picture!.card.webp} 300w`, original: `${picture!.card.original} 300w` });
  });

  it('keeps alternative text within its bounds, in words', async () => {
    const toolId = await addTool();
    const { _id } = (await upload(toolId, 'Side view')).json();
    const longest = 'x'.repeat(TEXT_LIMITS.pictureAlt);
    expect((await asAdmin('PATCH', `/admin/tools/${toolId}/pictures/${_id}`, { alt: longest })).statusCode).toBe(200);
    const tooLong = await asAdmin('PATCH', `/admin/tools/${toolId}/pictures/${_id}`, { alt: `${longest}x` });
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, expect.stringContaining(tooLongMessage('Alternative text', TEXT_LIMITS.pictureAlt))]);
    const empty = await asAdmin('PATCH', `/admin/tools/${toolId}/pictures/${_id}`, { alt: '  ' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, expect.stringContaining('alternative text')]);
    expect((await upload(toolId, '')).statusCode).toBe(400);
    expect((await gallery(toolId))[0]!.alt).toBe(longest);
  });
});
