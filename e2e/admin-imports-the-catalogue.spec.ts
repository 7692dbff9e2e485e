import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_ENV } from '@voltline/test-kit/customers';
import { AXE_WIDTHS, seriousViolationsShown } from './support/axe.ts';
import { shopJourney } from './support/journey.ts';

const PHONE = AXE_WIDTHS[1];

/**
 * Issue 40, item 8 (decision 053): at a phone's width an admin checks a catalogue file with one bad
 * row, reads the refusal (row, column, words) with no way to import it, fixes the row, checks the
 * file again and imports it; the new tools are in the catalogue. axe finds nothing serious.
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
});
