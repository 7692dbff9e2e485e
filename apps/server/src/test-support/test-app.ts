import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { seedShopOnFirstStart } from '../db/seed/seed-shop.ts';
import type { TestDatabaseKind } from './test-databases.ts';

export interface TestShop {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real app on a fresh, migrated database; `seed` adds the first-run catalogue and reviews. */
export async function startTestShop(kind: TestDatabaseKind, options: { seed?: boolean } = {}): Promise<TestShop> {
  const database = await kind.open();
  await database.migrate();
  if (options.seed) await seedShopOnFirstStart(database.db);
  const app = await buildApp({
    config: { logLevel: 'silent', webDistDir: '/nonexistent-voltline-web-dist' },
    database,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
