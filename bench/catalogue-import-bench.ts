// `npm run bench:import` (issue 40, item 8; decision 053): a catalogue file of IMPORT_ROWS tools
// (5,000 by default), each in a category with three specifications, through the real shop started
// as `npm start` starts it (PGlite unless DATABASE_URL is set): its dry run and its import that
// adds every tool, then a second file that changes the price, stock and a specification of each
// (a counted stock movement per tool), and the export of them all. Prints how long each took.
import { signInOverHttp } from '@voltline/test-kit/api-client';
import { startShop } from '@voltline/test-kit/shop-server';
import { csvCell } from '../apps/server/src/platform/csv-cell.ts';

const ROWS = Number(process.env.IMPORT_ROWS ?? 5000);
const GOAL_SECONDS = 30;
const ADMIN = { email: 'admin@import.test', password: 'Admin#2026' };
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;

const shop = await startShop({ env: { SHOP_ADMIN_EMAIL: ADMIN.email, SHOP_ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'error', ...(databaseUrl && { DATABASE_URL: databaseUrl }) } });
try {
  const admin = await signInOverHttp(shop.url, ADMIN.email, ADMIN.password);
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await admin.call(method, path, body);
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
    return answer.body;
  };
  const category = await call('POST', '/api/admin/categories', { name: `Bench drivers ${Date.now()}` });
  await call('POST', `/api/admin/categories/${category._id}/attributes`, { name: 'Bench voltage', kind: 'choice', choices: ['12 V', '18 V'] });
  await call('POST', `/api/admin/categories/${category._id}/attributes`, { name: 'Bench torque', kind: 'number', unit: 'Nm' });
  await call('POST', `/api/admin/categories/${category._id}/attributes`, { name: 'Bench cordless', kind: 'yesno' });

  const header = ['sku', 'toolName', 'description', 'img', 'price', 'minimumOrderQuantity', 'availableQuantity', 'category', 'Bench voltage', 'Bench torque', 'Bench cordless'];
  const file = (round: number) =>
    [header, ...Array.from({ length: ROWS }, (_, index) => [
      `BENCH-${index}`, `Bench impact driver ${index}`, `An 18 V impact driver for the import's benchmark, number ${index}, with a belt clip.`, '/images/tools/jigsaw.svg',
      (19.95 + index / 100 + round).toFixed(2), 1, 10 + round * 5, category.slug, index % 2 === 0 ? '18 V' : '12 V', 100 + (index % 90) + round, index % 3 === 0 ? 'yes' : 'no',
    ])].map((row) => row.map(csvCell).join(',')).join('\r\n');

  const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const result = await work();
    return [result, (performance.now() - started) / 1000];
  };
  const lines: string[] = [];
  for (const [round, label] of [[0, 'adds'], [1, 'changes']] as const) {
    const csv = file(round);
    const [checked, dryRunSeconds] = await timed(() => call('POST', '/api/admin/catalogue/import/dry-run', { csv }));
    if (checked.refused.length > 0) throw new Error(`refused: ${JSON.stringify(checked.refused.slice(0, 3))}`);
    const [imported, importSeconds] = await timed(() => call('POST', '/api/admin/catalogue/import', { csv, token: checked.token }));
    lines.push(`${ROWS} rows that ${label} (${imported.created} added, ${imported.changed} changed, ${(csv.length / 1024 / 1024).toFixed(1)} MB): dry run ${dryRunSeconds.toFixed(1)} s, import ${importSeconds.toFixed(1)} s, both ${(dryRunSeconds + importSeconds).toFixed(1)} s (goal <= ${GOAL_SECONDS} s)`);
  }
  const [exported, exportSeconds] = await timed(async () => (await fetch(`${shop.url}/api/admin/catalogue/export.csv`, { headers: { authorization: `Bearer ${admin.token}` } })).text());
  lines.push(`export of ${exported.split('\r\n').length - 2} tools: ${exportSeconds.toFixed(1)} s`);
  console.log(`\nCatalogue import on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}\n${lines.join('\n')}`);
} finally {
  await shop.stop();
}
