import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { catalogueImportMessages, CATALOGUE_IMPORT_LIMITS, type CatalogueDryRun } from '@voltline/shared/catalogue-import';
import type { Attribute, ToolDetail } from '@voltline/shared/categories';
import { gtinCheckDigit } from '@voltline/shared/tool-codes';
import { newTool } from '@voltline/test-kit/tools';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { itRaces, testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer } from '../test-support/test-users.ts';

const unique = (label: string) => `${label} ${randomBytes(4).toString('hex')}`;
const uniqueSku = () => `IMP-${randomBytes(4).toString('hex').toUpperCase()}`;
/** A GTIN-13 no other test holds, its check digit right. */
function uniqueGtin(): string {
  const digits = `40${String(randomBytes(4).readUInt32BE()).padStart(10, '0')}`;
  return `${digits}${gtinCheckDigit(digits)}`;
}
const csvOf = (rows: (string | number)[][]) => rows.map((row) => row.map((cell) => `"${String(cell).replaceAll('"', '""')}"`).join(',')).join('\r\n');

/** Issue 40, item 8: the catalogue out as CSV and back in, a dry run first, then all or nothing. */
describe.each(testDatabaseKinds)('catalogue import and export on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  const race = itRaces(kind);

  const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    shop.app.inject({ method, url: `/api${url}`, headers: bearer(shop.admin), ...(payload && { payload }) });
  const dryRun = async (csv: string): Promise<CatalogueDryRun> => {
    const answer = await asAdmin('POST', '/admin/catalogue/import/dry-run', { csv });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const toolPage = async (toolId: string): Promise<ToolDetail> => (await shop.app.inject({ method: 'GET', url: `/api/getTool/${toolId}` })).json();

  /** Power tools > Impact drivers, Cordless on the top, Voltage and Torque on the drivers. */
  async function drivers() {
    const power = (await asAdmin('POST', '/admin/categories', { name: unique('Power tools') })).json();
    const impact = (await asAdmin('POST', '/admin/categories', { name: unique('Impact drivers'), parentId: power._id })).json();
    const add = async (categoryId: string, attribute: object): Promise<Attribute> => (await asAdmin('POST', `/admin/categories/${categoryId}/attributes`, attribute)).json();
    // Names unique to this test, so the columns name these attributes only.
    const names = { cordless: unique('Cordless'), voltage: unique('Voltage'), torque: unique('Torque') };
    await add(power._id, { name: names.cordless, kind: 'yesno' });
    await add(impact._id, { name: names.voltage, kind: 'choice', choices: ['12 V', '18 V'] });
    await add(impact._id, { name: names.torque, kind: 'number', unit: 'Nm' });
    const top = (await asAdmin('GET', '/categories')).json().find((node: { _id: string }) => node._id === power._id);
    return { power, impact, names, path: `${top.name} > ${top.children[0].name}` };
  }

  async function addTool(overrides: Parameters<typeof newTool>[0] = {}): Promise<string> {
    const added = await asAdmin('POST', '/addTool', newTool(overrides));
    expect(added.statusCode, added.body).toBe(200);
    return added.json().insertedId;
  }

  it('exports every tool with its category’s path and a column per specification, formulas guarded, and reads its own export back as unchanged', async () => {
    const { impact, names } = await drivers();
    const sku = uniqueSku();
    const toolId = await addTool({ toolName: unique('=HYPERLINK("x") driver'), sku, price: 149.95 });
    const [{ _id: voltageId }, { _id: torqueId }] = (await asAdmin('GET', '/categories')).json().flatMap((node: { children: { _id: string; attributes: Attribute[] }[] }) => node.children).find((node: { _id: string }) => node._id === impact._id).attributes;
    expect((await asAdmin('PATCH', `/updateTool/${toolId}`, { availableQuantity: 50, minimumOrderQuantity: 1, price: 149.95, categoryId: impact._id, specifications: { [voltageId]: '18 V', [torqueId]: 180 } })).statusCode).toBe(200);

    const exported = await asAdmin('GET', '/admin/catalogue/export.csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = parse(exported.body) as string[][];
    expect(header!.slice(0, 11)).toEqual(['_id', 'sku', 'gtin', 'toolName', 'description', 'img', 'price', 'minimumOrderQuantity', 'availableQuantity', 'vatRate', 'category']);
    expect(header).toEqual(expect.arrayContaining([names.cordless, names.voltage, names.torque]));
    const row = rows.find((cells) => cells[0] === toolId)!;
    const cell = (column: string) => row[header!.indexOf(column)];
    expect(cell('toolName')).toMatch(/^'=HYPERLINK/);
    expect([cell('sku'), cell('price'), cell('category'), cell(names.voltage), cell(names.torque), cell(names.cordless)]).toEqual([sku, '149.95', expect.stringContaining(' > '), '18 V', '180', '']);
    expect(rows.length).toBeGreaterThanOrEqual(2);

    const again = await dryRun(exported.body);
    expect(again).toMatchObject({ rows: rows.length, created: [], changed: [], refused: [], unchanged: rows.length });
  });

  it('answers in a dry run what it would create, change field by field, and refuse row by row, in words, writing nothing', async () => {
    const { path, names } = await drivers();
    const sku = uniqueSku();
    const toolId = await addTool({ sku, price: 20, availableQuantity: 5 });
    const takenGtin = uniqueGtin();
    await addTool({ gtin: takenGtin });
    const newSku = uniqueSku();
    const wrongGtin = `${takenGtin.slice(0, -1)}${(Number(takenGtin.at(-1)) + 1) % 10}`;
    const header = ['sku', 'toolName', 'description', 'img', 'price', 'minimumOrderQuantity', 'availableQuantity', 'gtin', 'category', names.voltage, names.torque];
    const good = ['/images/tools/jigsaw.svg', '25.50', '1', '12'];
    const csv = csvOf([
      header,
      [sku, unique('Renamed driver'), 'Now with a case.', ...good, '', path, '18 V', '150'],
      [newSku, unique('New driver'), 'A new one.', ...good, '', path, '12 V', ''],
      [uniqueSku(), unique('Bad GTIN'), 'x', ...good, wrongGtin, '', '', ''],
      [uniqueSku(), unique('Taken GTIN'), 'x', ...good, takenGtin, '', '', ''],
      [uniqueSku(), unique('No such category'), 'x', ...good, '', 'Nowhere > At all', '', ''],
      [uniqueSku(), unique('Torque in words'), 'x', ...good, '', path, '', 'strong'],
      [uniqueSku(), unique('Voltage off the list'), 'x', ...good, '', path, '240 V', ''],
      [newSku.toLowerCase(), unique('Same SKU again'), 'x', ...good, '', '', '', ''],
      [uniqueSku(), unique('Too cheap'), 'x', '/images/tools/jigsaw.svg', '0', '1', '-3', '', '', '', ''],
    ]);
    const before = await snapshotShop(shop.database.db);
    const answer = await dryRun(csv);
    expect(await snapshotShop(shop.database.db)).toEqual(before);

    expect(answer.token).toBeNull();
    expect(answer.created).toEqual([{ row: 3, toolName: expect.stringMatching(/^New driver/), sku: newSku }]);
    expect(answer.changed).toEqual([{ row: 2, toolId, toolName: expect.stringMatching(/^Renamed driver/), changes: expect.any(Array) }]);
    expect(answer.changed[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'price', from: '20', to: '25.5' },
        { field: 'availableQuantity', from: '5', to: '12' },
        { field: 'description', from: expect.any(String), to: 'Now with a case.' },
        { field: 'category', from: '', to: expect.stringContaining(' > ') },
        { field: names.torque, from: '', to: '150' },
      ]),
    );
    const refusal = (row: number) => answer.refused.filter((refused) => refused.row === row).map(({ column, message }) => ({ column, message }));
    expect(refusal(4)).toEqual([{ column: 'gtin', message: expect.stringContaining('wrong check digit') }]);
    expect(refusal(5)).toEqual([{ column: 'gtin', message: `Another tool already has the GTIN ${takenGtin}: each tool's barcode is its own.` }]);
    expect(refusal(6)).toEqual([{ column: 'category', message: catalogueImportMessages.unknownCategory('Nowhere > At all') }]);
    expect(refusal(7)).toEqual([{ column: names.torque, message: `${names.torque} must be a number (in Nm).` }]);
    expect(refusal(8)).toEqual([{ column: names.voltage, message: `${names.voltage} must be one of: 12 V, 18 V.` }]);
    expect(refusal(9)).toEqual([{ column: 'sku', message: catalogueImportMessages.repeatedInFile('SKU', newSku.toLowerCase(), 3) }]);
    expect(refusal(10)).toEqual([
      { column: 'price', message: 'Unit price must be greater than 0' },
      { column: 'availableQuantity', message: 'Available quantity must be a whole number' },
    ]);
  });

  it('imports nothing from a file with one bad row; the fixed file imports every row in one go, its stock through the ledger', async () => {
    const { path, names } = await drivers();
    const sku = uniqueSku();
    const toolId = await addTool({ sku, price: 20, availableQuantity: 5 });
    const header = ['sku', 'toolName', 'description', 'img', 'price', 'minimumOrderQuantity', 'availableQuantity', 'category', names.torque];
    const rename = unique('Imported driver');
    const added = unique('Imported saw');
    const rows = (torque: string) => [header, [sku, rename, 'Changed by the import.', '/images/tools/jigsaw.svg', '30', '2', '40', path, '200'], [uniqueSku(), added, 'New.', '/images/tools/jigsaw.svg', '15', '1', '7', path, torque]];
    const bad = csvOf(rows('a lot'));
    const before = await snapshotShop(shop.database.db);
    const checked = await dryRun(bad);
    expect(checked.refused).toEqual([{ row: 3, column: names.torque, message: `${names.torque} must be a number (in Nm).` }]);
    // Its dry run gave no token; a made-up one is refused before anything is read.
    const refused = await asAdmin('POST', '/admin/catalogue/import', { csv: bad, token: 'made.up' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'conflict', message: catalogueImportMessages.notTheCheckedFile });
    expect(await snapshotShop(shop.database.db)).toEqual(before);

    const fixed = csvOf(rows('120'));
    const { token, changed, created } = await dryRun(fixed);
    expect([changed.length, created.length, typeof token]).toEqual([1, 1, 'string']);
    // A token confirms the file it checked, not another.
    expect((await asAdmin('POST', '/admin/catalogue/import', { csv: `${fixed}\r\n`, token })).statusCode).toBe(409);
    expect(await snapshotShop(shop.database.db)).toEqual(before);

    const imported = await asAdmin('POST', '/admin/catalogue/import', { csv: fixed, token });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ acknowledged: true, created: 1, changed: 1, unchanged: 0 });
    const tool = await toolPage(toolId);
    expect(tool).toMatchObject({ toolName: rename, description: 'Changed by the import.', price: 30, minimumOrderQuantity: 2, availableQuantity: 40, sku });
    expect(tool.specifications).toEqual([expect.objectContaining({ name: names.torque, value: 200 })]);
    const [movement] = (await asAdmin('GET', `/admin/tools/${toolId}/stock-moves?limit=1`)).json();
    expect(movement).toMatchObject({ kind: 'counted', units: 35, note: 'imported from a CSV file' });
    const [newOne] = (await shop.app.inject({ method: 'GET', url: `/api/getTools?q=${encodeURIComponent(added)}` })).json();
    expect(newOne).toMatchObject({ toolName: added, availableQuantity: 7 });

    // The same file again changes nothing: the new tool is found by its SKU now.
    expect(await dryRun(fixed)).toMatchObject({ changed: [], created: [], refused: [], unchanged: 2 });
  });

  it('refuses to confirm a file the catalogue has changed under since its dry run', async () => {
    const sku = uniqueSku();
    const toolId = await addTool({ sku, price: 20 });
    const csv = csvOf([['sku', 'price'], [sku, '22']]);
    const { token } = await dryRun(csv);
    expect((await asAdmin('PATCH', `/updateTool/${toolId}`, { availableQuantity: 50, minimumOrderQuantity: 1, price: 21 })).statusCode).toBe(200);
    const before = await snapshotShop(shop.database.db);
    const confirmed = await asAdmin('POST', '/admin/catalogue/import', { csv, token });
    expect(confirmed.json()).toEqual({ error: 'conflict', message: catalogueImportMessages.catalogueChanged });
    expect(await snapshotShop(shop.database.db)).toEqual(before);
  });

  race('confirms one file twice at the same moment once: the second finds the catalogue changed under it, and every stock moved once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const sku = uniqueSku();
      const toolId = await addTool({ sku, availableQuantity: 5 });
      const csv = csvOf([['sku', 'price', 'availableQuantity'], [sku, '33', '9']]);
      const { token } = await dryRun(csv);
      const confirms = await Promise.all([0, 1].map(() => asAdmin('POST', '/admin/catalogue/import', { csv, token })));
      expect(confirms.map((confirm) => confirm.statusCode).sort()).toEqual([200, 409]);
      expect(confirms.find((confirm) => confirm.statusCode === 409)!.json().message).toBe(catalogueImportMessages.catalogueChanged);
      const moves = (await asAdmin('GET', `/admin/tools/${toolId}/stock-moves?limit=5`)).json();
      expect(moves.filter((move: { note: string }) => move.note === 'imported from a CSV file')).toEqual([expect.objectContaining({ units: 4 })]);
    }
  });

  it('bounds the file: rows, text that is no CSV, a header naming nothing the shop has or a column twice, an id no tool has', async () => {
    const tooMany = ['sku', ...Array.from({ length: CATALOGUE_IMPORT_LIMITS.rows + 1 }, (_, index) => `S${index}`)].join('\n');
    const long = await asAdmin('POST', '/admin/catalogue/import/dry-run', { csv: tooMany });
    expect([long.statusCode, long.json().message]).toEqual([413, catalogueImportMessages.tooManyRows]);
    const broken = await asAdmin('POST', '/admin/catalogue/import/dry-run', { csv: 'sku,price\n"unclosed,1' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The file cannot be read as CSV/);
    const unknown = await dryRun('sku,Flux capacity\nX1,3');
    expect(unknown.refused).toEqual([{ row: 1, column: 'Flux capacity', message: catalogueImportMessages.unknownColumn('Flux capacity') }]);
    const headerOnly = await asAdmin('POST', '/admin/catalogue/import/dry-run', { csv: 'sku,price\r\n' });
    expect([headerOnly.statusCode, headerOnly.json().message]).toEqual([422, catalogueImportMessages.noRows]);
    expect((await dryRun('sku,SKU\nX1,X2')).refused).toEqual([{ row: 1, column: 'SKU', message: catalogueImportMessages.repeatedColumn('SKU') }]);
    const unknownId = '00000000-0000-4000-8000-00000000dead';
    expect((await dryRun(`_id,price\n${unknownId},5`)).refused).toEqual([{ row: 2, column: '_id', message: catalogueImportMessages.unknownId(unknownId) }]);
    expect((await shop.app.inject({ method: 'POST', url: '/api/admin/catalogue/import/dry-run', headers: bearer(shop.customer), payload: { csv: 'sku\nX' } })).statusCode).toBe(403);
  });
});
