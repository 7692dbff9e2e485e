import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openThrowAwayPglite } from '../test-support/test-databases.ts';
import type { DatabaseHandle } from './client.ts';
import { createEmbeddedMaintenance } from './embedded-maintenance.ts';

const quiet = { info: () => {}, error: () => {} };

/** PGlite has no autovacuum: the shop does its work (issue 18: still fast after years of trading). */
describe('embedded database maintenance (PGlite)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openThrowAwayPglite();
    await database.migrate();
  });
  afterAll(async () => database?.close());

  const activity = async (table: string) =>
    ((await database.db.execute(sql`select n_dead_tup::int as dead, last_vacuum, last_analyze from pg_stat_user_tables where relname = ${table}`)) as unknown as {
      rows: { dead: number; last_vacuum: Date | null; last_analyze: Date | null }[];
    }).rows[0]!;

  it('vacuums the tables full of dead rows, analyses the much-changed ones, and leaves the rest alone', async () => {
    const maintenance = createEmbeddedMaintenance(database.db, quiet);
    // Tools: 200 rows, each then changed once (200 dead rows, past 50 + a fifth of 200).
    await database.db.execute(sql`
      insert into tools (tool_name, description, img, price_cents, minimum_order_quantity, available_quantity)
      select 'Drill ' || i, repeat('x', 100), '/images/tools/jigsaw.svg', 1000, 1, 100 from generate_series(1, 200) i`);
    await database.db.execute(sql`update tools set available_quantity = available_quantity - 1`);
    // Shop state: 100 new rows, none dead (past 50 + a tenth of 100 changed since analysed).
    await database.db.execute(sql`insert into shop_state (key, value) select 'k' || i, 'v' from generate_series(1, 100) i`);

    const pass = await maintenance.runOnce();
    expect(pass.vacuumed).toContain('tools');
    expect(pass.analysed).toContain('shop_state');
    expect(pass.vacuumed).not.toContain('orders');
    expect(pass.analysed).not.toContain('orders');
    const tools = await activity('tools');
    expect(tools.dead).toBe(0);
    expect(tools.last_vacuum).not.toBeNull();
    expect((await activity('shop_state')).last_analyze).not.toBeNull();

    // Nothing changed since: the next pass does nothing.
    expect(await maintenance.runOnce()).toEqual({ vacuumed: [], analysed: [] });
  });
});
