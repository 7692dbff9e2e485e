// `npm run db:export -- --out shop.json`: every row of the configured database (PGlite in
// DATA_DIR, or DATABASE_URL) into one JSON file. Stop the shop first when it runs on PGlite.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openConfiguredDatabase } from './open-configured-database.ts';
import { exportShop } from './shop-transfer.ts';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'voltline-export.json' } } });
const { database, release } = await openConfiguredDatabase(loadConfig());
try {
  await database.migrate();
  const data = await exportShop(database.db);
  writeFileSync(values.out, JSON.stringify(data));
  const counts = Object.entries(data.tables).map(([name, rows]) => `${name} ${rows.length}`).join(', ');
  console.log(`Exported to ${values.out}: ${counts}`);
} finally {
  await release();
}
