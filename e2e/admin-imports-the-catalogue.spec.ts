import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { signInOverHttp } from '@voltline/test-kit/api-client';
import { ADMIN, ADMIN_ENV } from '@voltline/test-kit/customers';
import { AXE_WIDTHS, seriousViolationsShown } from './support/axe.ts';
import { shopJourney } from './support/journey.ts';

const PHONE = AXE_WIDTHS[1];

/**
 * Issue 40, item 8 (decision 053): at a phone's width an admin checks a catalogue file with one bad
 * row, reads the refusal (row, column, words) with no way to import it, fixes the row, checks the
 * file again and imports it; the new tools are in the catalogue. A visitor looks through a tool's
 * gallery (decision 054). axe finds nothing serious.
 */
describe('an admin imports the catalogue', () => {
  const journey = shopJourney({ env: ADMIN_ENV });

  it('refuses a file with one bad row in words, then imports the fixed file', async () => {
    const tag = randomBytes(3).toString('hex');
    const file = (price: string) => ({
      name: 'tools.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'sku,toolName,description,img,price,minimumOrderQuantity,availableQuantity',
          `IMP-A-${tag},Imported drill ${tag},A drill from the file.,/images/tools/jigsaw.svg,49.90,1,12`,
          `IMP-B-${tag},Imported saw ${tag},A saw from the file.,/images/tools/jigsaw.svg,${price},1,5`,
        ].join('\r\n'),
      ),
    });

    const { page } = await journey.openAsAdmin('/dashboard/catalogue-import', PHONE);
    await page.getByRole('heading', { name: 'Import / export', level: 2 }).waitFor();
    const chooser = page.getByLabel('CSV file to import');

    await chooser.setInputFiles(file('0'));
    const refusal = page.getByRole('table', { name: 'Refused rows' }).getByRole('row').filter({ hasText: 'Unit price must be greater than 0' });
    await refusal.waitFor();
    expect(await refusal.getByRole('cell').allTextContents()).toEqual(['3', 'price', 'Unit price must be greater than 0']);
    await page.getByText('2 rows: 1 to add, 0 to change, 0 unchanged, 1 refused.').waitFor();
    expect(await page.getByRole('button', { name: /^Import/ }).count()).toBe(0);
    expect(await seriousViolationsShown(page, '/dashboard/catalogue-import refused')).toEqual([]);

    await chooser.setInputFiles(file('89.00'));
    await page.getByText('2 rows: 2 to add, 0 to change, 0 unchanged, 0 refused.').waitFor();
    await page.getByRole('button', { name: 'Import 2 tools' }).click();
    await page.getByRole('status').filter({ hasText: 'Imported tools.csv: 2 added, 0 changed, 0 unchanged.' }).waitFor();
    expect(await seriousViolationsShown(page, '/dashboard/catalogue-import imported')).toEqual([]);

    const listed = await fetch(`${journey.shop.url}/api/getTools?q=${encodeURIComponent(`Imported saw ${tag}`)}`).then((answer) => answer.json());
    expect(listed).toEqual([expect.objectContaining({ toolName: `Imported saw ${tag}`, price: 89, availableQuantity: 5, sku: `IMP-B-${tag}` })]);
  });

  it('lets an admin add pictures to a tool in Manage Tools and a visitor look through them at a phone’s width, each zoomed on a tap', async () => {
    const admin = await signInOverHttp(journey.shop.url, ADMIN.email, ADMIN.password);
    const toolName = `Gallery drill ${randomBytes(3).toString('hex')}`;
    const { insertedId: toolId } = (await admin.call('POST', '/api/addTool', { toolName, description: 'A drill with pictures.', img: '/images/tools/jigsaw.svg', price: 10, minimumOrderQuantity: 1, availableQuantity: 5 })).body as { insertedId: string };

    const session = await journey.openAsAdmin(`/dashboard/managetools`, PHONE);
    await session.page.getByRole('button', { name: `Pictures of ${toolName}`, exact: true }).click();
    const dialog = session.page.getByRole('dialog', { name: `Pictures of ${toolName}` });
    for (const [alt, background] of [['The drill from the left', '#fa0'], ['The battery fitted', '#08f']] as const) {
      const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background } }).jpeg().toBuffer();
      await dialog.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'drill.jpg', mimeType: 'image/jpeg', buffer: picture });
      await dialog.getByLabel('Alternative text', { exact: true }).fill(alt);
      await dialog.getByRole('button', { name: 'Add picture' }).click();
      await dialog.getByRole('img', { name: alt }).waitFor();
    }
    expect(await seriousViolationsShown(session.page, 'Manage Tools › Pictures')).toEqual([]);

    const { page } = await journey.open(PHONE);
    await page.goto(`/tools/${toolId}`);
    const gallery = page.getByRole('region', { name: 'Pictures' });
    await gallery.getByRole('button', { name: 'Zoom: The battery fitted' }).click();
    const zoomed = page.getByRole('dialog').getByRole('img', { name: 'The battery fitted' });
    await zoomed.waitFor();
    await expect.poll(() => zoomed.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await seriousViolationsShown(page, 'a tool page with its gallery zoomed')).toEqual([]);
    // The first picture is the tool's own, as the spec's API answers it.
    const tool = await fetch(`${journey.shop.url}/api/getTool/${toolId}`).then((answer) => answer.json());
    const [first] = await fetch(`${journey.shop.url}/api/tools/${toolId}/pictures`).then((answer) => answer.json());
    expect(tool.img).toBe(first.page.webp);
  });
});
