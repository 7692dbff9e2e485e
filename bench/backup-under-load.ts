// `npm run bench:backup`: a backup of a PGlite shop taken with `npm run backup` while customers place
// orders as `npm run bench` does (POST /api/purchased, 50 at a time), then restored with
// `npm run restore` into a new data dir and started (issue 42, docs/operations.md "Figures").
// Prints the orders acknowledged before, during and after the backup, the backup's time and size,
// the restore's time, and checks that the restored shop answers /api/health, holds the manifest's
// orders, and serves every order acknowledged before the backup began.
//
// Environment: BENCH_SECONDS (placing before the backup, 5, and as long after it), BENCH_KEEP=1
// (keep the data dirs and the backup).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '@voltline/server/db/client';
import { ADMIN, ADMIN_ENV } from '@voltline/test-kit/customers';
import { signInOverHttp } from '@voltline/test-kit/api-client';
import { startShop } from '@voltline/test-kit/shop-server';
import { orderScenario, restockForBench, startBenchShop } from './bench-support.ts';

if (process.env.DATABASE_URL) {
  console.error('bench:backup measures a PGlite shop: unset DATABASE_URL.');
  process.exit(1);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const KEEP = process.env.BENCH_KEEP === '1';
const CONNECTIONS = 50;
const repoRoot = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'voltline-backup-under-load-'));
const backupDir = path.join(work, 'backups');
const restoredDataDir = path.join(work, 'restored');

/** Runs one of the repository's npm scripts' commands (tsx …) with `env`; answers its output and how long it took. */
async function timedCommand(args: string[], env: Record<string, string>): Promise<{ seconds: number; output: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}:\n${output}`);
  return { seconds: (performance.now() - started) / 1000, output };
}

const shopEnv = { BACKUP_DIR: backupDir, BACKUP_EVERY: 'off' };
const { shop, customer, tool } = await startBenchShop(shopEnv);
const figures: Record<string, unknown> = {};
try {
  await restockForBench(shop.url, tool);
  const order = orderScenario(customer, tool);
  /** Each acknowledged order: its id and when its answer came (performance.now()). */
  const acknowledged: { id: string; at: number }[] = [];
  let refused = 0;
  let placing = true;
  const customers = Array.from({ length: CONNECTIONS }, async () => {
    while (placing) {
      const answer = await fetch(`${shop.url}${order.path}`, { method: 'POST', headers: order.headers, body: order.body });
      const body = (await answer.json()) as { insertedId?: string };
      if (answer.ok && body.insertedId) acknowledged.push({ id: body.insertedId, at: performance.now() });
      else refused += 1;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));

  // `npm run backup` against the running shop: it asks the shop (SIGUSR2) and waits for the outcome.
  const backupStarted = performance.now();
  const backup = await timedCommand(['apps/server/src/platform/backups/backup-cli.ts'], { DATA_DIR: shop.dataDir, ...shopEnv });
  const backupEnded = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  placing = false;
  await Promise.all(customers);
  await shop.stop();

  const file = /Backup written: (\S+) \((\d+) bytes\)/.exec(backup.output);
  if (!file) throw new Error(`npm run backup did not say where it wrote:\n${backup.output}`);
  const manifest = JSON.parse(spawnSync('tar', ['xOf', file[1]!, 'manifest.json'], { encoding: 'utf8' }).stdout) as { rowCounts: Record<string, number>; takenAt: string };
  const before = acknowledged.filter((ack) => ack.at < backupStarted);
  const during = acknowledged.filter((ack) => ack.at >= backupStarted && ack.at <= backupEnded);

  // `npm run restore` into a new data dir, then the restored database counted before the shop opens it.
  const restore = await timedCommand(['apps/server/src/platform/backups/restore-cli.ts', '--from', file[1]!], { DATA_DIR: restoredDataDir });
  const restoredDatabase = await openPglite({ dataDir: path.join(restoredDataDir, 'pglite') });
  const counted = (await restoredDatabase.db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: { n: number }[] };
  await restoredDatabase.close();
  const restoredOrders = counted.rows[0]!.n;

  const restoredShop = await startShop({ dataDir: restoredDataDir, env: { ...ADMIN_ENV, LOG_LEVEL: 'error', BACKUP_EVERY: 'off', BACKUP_DIR: path.join(work, 'restored-backups') } });
  let missing = 0;
  let health = 0;
  try {
    health = (await fetch(`${restoredShop.url}/api/health`)).status;
    const admin = await signInOverHttp(restoredShop.url, ADMIN.email, ADMIN.password);
    for (const { id } of before) if ((await admin.call('GET', `/api/purchasedSingle/${id}`)).status !== 200) missing += 1;
  } finally {
    await restoredShop.stop();
  }

  Object.assign(figures, {
    at: new Date().toISOString(),
    ordersBeforeBackup: before.length,
    ordersAcknowledgedDuringBackup: during.length,
    ordersAfterBackup: acknowledged.length - before.length - during.length,
    refused,
    backupSeconds: Number(((backupEnded - backupStarted) / 1000).toFixed(1)),
    backupBytes: statSync(file[1]!).size,
    manifestOrders: manifest.rowCounts.orders,
    restoreSeconds: Number(restore.seconds.toFixed(1)),
    restoredOrders,
    restoredHealthStatus: health,
    ordersAcknowledgedBeforeBackupMissing: missing,
  });
  console.log(JSON.stringify(figures, null, 2));
  const failures = [
    health !== 200 && `the restored shop answered /api/health with ${health}`,
    restoredOrders !== manifest.rowCounts.orders && `the restored shop holds ${restoredOrders} orders, the manifest ${manifest.rowCounts.orders}`,
    restoredOrders < before.length && `${before.length} orders were acknowledged before the backup, ${restoredOrders} restored`,
    missing > 0 && `${missing} orders acknowledged before the backup are not served by the restored shop`,
  ].filter(Boolean);
  if (failures.length > 0) throw new Error(failures.join('; '));
  const outputDir = path.join(repoRoot, 'bench/results');
  mkdirSync(outputDir, { recursive: true });
  writeFileSync(path.join(outputDir, 'backup-under-load.json'), JSON.stringify(figures, null, 2));
  console.log('Every check held. Written to bench/results/backup-under-load.json');
} finally {
  await shop.stop();
  if (KEEP) console.log(`Kept ${work} (BENCH_KEEP=1).`);
  else rmSync(work, { recursive: true, force: true });
}
