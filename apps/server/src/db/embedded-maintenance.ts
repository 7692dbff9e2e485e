import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.ts';

const EVERY_MS = 10 * 60 * 1000;

/**
 * PostgreSQL's own thresholds (autovacuum_vacuum_threshold / _scale_factor and the analyze pair):
 * a table is vacuumed once a fifth of its rows are dead, analysed once a tenth changed.
 */
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;

interface TableActivity {
  name: string;
  live: number;
  dead: number;
  changedSinceAnalyze: number;
}

export interface MaintenancePass {
  vacuumed: string[];
  analysed: string[];
}

/**
 * What PostgreSQL's autovacuum does, for PGlite, which has none: PGlite runs one backend in this
 * process, so nothing ever vacuums its tables (every order's payment, shipping and outbox delivery
 * leaves a dead row behind) or refreshes the planner's statistics (a plan chosen for 100 orders is
 * still used at a million; an index added by a migration stays unused). Each pass reads the
 * tables' activity and vacuums or analyses only those past PostgreSQL's own thresholds, one at a
 * time: the database answers nothing else meanwhile, so a pass does no more than it must.
 */
export function createEmbeddedMaintenance(db: Database, log: Pick<FastifyBaseLogger, 'info' | 'error'>) {
  async function tableActivity(): Promise<TableActivity[]> {
    // The counters reach pg_stat_user_tables when the backend flushes them; ask it to now.
    await db.execute(sql`select pg_stat_force_next_flush()`);
    await db.execute(sql`select 1`);
    const result = await db.execute(sql`
      select relname as name, n_live_tup::int as live, n_dead_tup::int as dead, n_mod_since_analyze::int as "changedSinceAnalyze"
      from pg_stat_user_tables where schemaname = 'public' order by relname`);
    return (result as unknown as { rows: TableActivity[] }).rows;
  }

  /** One pass: vacuums (and analyses) the tables with many dead rows, analyses the much-changed ones. */
  async function runOnce(): Promise<MaintenancePass> {
    const pass: MaintenancePass = { vacuumed: [], analysed: [] };
    for (const table of await tableActivity()) {
      const name = sql.identifier(table.name);
      const started = performance.now();
      if (table.dead > VACUUM_BASE + VACUUM_SCALE * table.live) {
        await db.execute(sql`vacuum (analyze) ${name}`);
        pass.vacuumed.push(table.name);
      } else if (table.changedSinceAnalyze > ANALYZE_BASE + ANALYZE_SCALE * table.live) {
        await db.execute(sql`analyze ${name}`);
        pass.analysed.push(table.name);
      } else {
        continue;
      }
      log.info({ table: table.name, live: table.live, dead: table.dead, ms: Math.round(performance.now() - started) }, 'embedded database maintained');
    }
    return pass;
  }

  return {
    runOnce,
    /** A pass at start (statistics a migration left stale) and every ten minutes; returns a function that stops it. */
    start(): () => void {
      let running = false;
      const run = async () => {
        if (running) return;
        running = true;
        await runOnce()
          .catch((error: unknown) => log.error({ err: error }, 'embedded database maintenance failed'))
          .finally(() => (running = false));
      };
      void run();
      const timer = setInterval(() => void run(), EVERY_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
