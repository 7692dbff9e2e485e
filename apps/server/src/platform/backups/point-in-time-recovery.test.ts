import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ownServicesMissing, runPostgresTool, startOwnPostgres, startPostgresCluster, type OwnPostgres } from '@voltline/test-kit/own-services';
import { openPostgres } from '../../db/client.ts';
import { startTestShop, type TestShop } from '../../test-support/test-app.ts';
import { freshTool, placePaidOrder } from '../../test-support/test-orders.ts';
import { bearer, registerCustomerAndAdmin } from '../../test-support/test-users.ts';

const missing = ownServicesMissing();
if (missing) console.info(`Skipped: the point-in-time recovery drill needs a PostgreSQL of its own: ${missing}.`);

const rowsOf = async <T>(shop: TestShop, query: ReturnType<typeof sql>) => ((await shop.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Issue 42, item 3 (docs/operations.md, "Point-in-time recovery"): continuous WAL archiving to a
 * folder, a base backup, and a recovery to a moment between two orders, on a PostgreSQL of the
 * test's own (never the shared one).
 */
describe.skipIf(missing)('point-in-time recovery of a PostgreSQL shop', () => {
  let server: OwnPostgres | undefined;
  const cleanUps: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => {});
    await server?.remove();
  });

  it('restores the shop to a moment between two orders: the first is there, the second not', { timeout: 180_000 }, async () => {
    // Archived beside the data dir (the command runs in it); a segment that fails to copy is tried again.
    server = await startOwnPostgres({ wal_level: 'replica', archive_mode: 'on', archive_command: 'cp %p ../archive/%f' });
    const archive = path.join(server.home, 'archive');
    mkdirSync(archive);
    chmodSync(archive, 0o777);
    const own = server.url;
    const shop = await startTestShop({ name: 'postgres', open: async () => ({ ...(await openPostgres(own)), url: own }) });
    cleanUps.push(() => shop.close());
    const { customer, admin } = await registerCustomerAndAdmin(shop);
    const tool = await freshTool(shop, 100);

    const base = path.join(server.home, 'base');
    await runPostgresTool('pg_basebackup', ['-D', base, '-d', server.url, '-X', 'none', '--checkpoint=fast']);
    const first = await placePaidOrder(shop, customer, tool);
    const [{ moment }] = await rowsOf<{ moment: string }>(shop, sql`select clock_timestamp()::text as moment`);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await placePaidOrder(shop, customer, tool);
    // The segment holding the second order is closed and archived before the server goes.
    const [{ segment }] = await rowsOf<{ segment: string }>(shop, sql`select pg_walfile_name(pg_switch_wal()) as segment`);
    for (let tries = 0; ; tries += 1) {
      const [{ archived }] = await rowsOf<{ archived: string | null }>(shop, sql`select last_archived_wal as archived from pg_stat_archiver`);
      if (archived && archived >= segment) break;
      if (tries > 200) throw new Error(`the WAL segment ${segment} was never archived (last: ${archived})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await shop.close();
    cleanUps.pop();
    await server.stop();

    // The base backup, replaying the archive up to the moment between the two orders.
    writeFileSync(path.join(base, 'recovery.signal'), '');
    const recovered = await startPostgresCluster(server.home, base, {
      restore_command: 'cp ../archive/%f %p',
      recovery_target_time: moment,
      recovery_target_action: 'promote',
      archive_mode: 'off',
    });
    cleanUps.push(() => recovered.stop());
    const handle = await openPostgres(recovered.url);
    for (let tries = 0; ; tries += 1) {
      const { rows } = (await handle.db.execute(sql`select pg_is_in_recovery() as recovering`)) as unknown as { rows: { recovering: boolean }[] };
      if (!rows[0]!.recovering) break;
      if (tries > 200) throw new Error('the recovered server never left recovery');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const restored = await startTestShop({ name: 'postgres', open: async () => handle });
    cleanUps.push(() => restored.close());
    const found = await restored.app.inject({ method: 'GET', url: `/api/purchasedSingle/${first}`, headers: bearer(admin) });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ status: 'paid' });
    const lost = await restored.app.inject({ method: 'GET', url: `/api/purchasedSingle/${second}`, headers: bearer(admin) });
    expect(lost.statusCode).toBe(404);
  });
});
