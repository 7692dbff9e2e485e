// `npm run stock:verify`: names every tool of the configured database (PGlite in DATA_DIR, or
// DATABASE_URL) whose stock is not the sum of its movements (decision 041), and exits 1 if any is.
// The same check as GET /api/admin/stock/verify, for an owner at the console or a cron job.
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/transfer/open-configured-database.ts';
import { stockDifferences } from './stock-ledger.ts';

const { database, release } = await openConfiguredDatabase(loadConfig());
try {
  await database.migrate();
  const differences = await stockDifferences(database.db);
  for (const tool of differences) {
    console.log(`${tool.toolName} (${tool.toolId}): ${tool.availableQuantity} in stock, ${tool.ledgerQuantity} by its movements`);
  }
  console.log(differences.length === 0 ? 'Every tool’s stock is the sum of its movements.' : `${differences.length} tool(s) differ from their movements.`);
  process.exitCode = differences.length === 0 ? 0 : 1;
} finally {
  await release();
}
