// `DATABASE_URL=postgresql://… npm run db:import -- --in shop.json`: migrates the target and loads
// an export into it, all or nothing. The target must be empty.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openConfiguredDatabase } from './open-configured-database.ts';
import { importShop, type ShopExport } from './shop-transfer.ts';

const { values } = parseArgs({ options: { in: { type: 'string', default: 'voltline-export.json' } } });
const data = JSON.parse(readFileSync(values.in, 'utf8')) as ShopExport;
const { database, release } = await openConfiguredDatabase(loadConfig());
try {
  await database.migrate();
  const counts = await importShop(database.db, data);
  console.log(`Imported ${values.in}: ${Object.entries(counts).map(([name, count]) => `${name} ${count}`).join(', ')}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await release();
}
