import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RedisLink } from '../platform/redis.ts';
import { readOutbox } from '@voltline/test-kit/outbox';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openPostgres, type DatabaseHandle } from '../db/client.ts';
import { REST_OF_WORLD } from '@voltline/shared/delivery-settings';
import { deliveryRates } from '../db/schema.ts';
import { addDefaultDeliveryRates } from '../pricing/delivery-settings-service.ts';
import { seedShopOnFirstStart } from '../seed/seed-shop.ts';
import { createLogger } from '../http/logging.ts';
import type { DrawDocument } from '../invoices/invoices-service.ts';
import { createShopCore, type ShopCore } from '../shop-core.ts';
import type { TestDatabaseKind } from './test-databases.ts';

export const TEST_PUBLIC_URL = 'http://shop.test';

export interface TestShop {
  app: FastifyInstance;
  core: ShopCore;
  /** `url`: where a PostgreSQL test database is, for a second instance on it. */
  database: DatabaseHandle & { url?: string };
  config: Config;
  /** Mail the shop wrote to its outbox folder, oldest first. */
  outbox(): string[];
  close(): Promise<void>;
}

/**
 * The real app on a fresh, migrated database; `seed` adds the first-run catalogue and reviews.
 * `sameDatabaseAs` starts another instance on that shop's database instead (on PostgreSQL with a
 * pool and connections of its own, as a second server would have; PGlite's one handle is shared).
 */
export async function startTestShop(
  kind: TestDatabaseKind,
  options: {
    seed?: boolean;
    webDistDir?: string;
    environment?: Record<string, string>;
    logLines?: string[];
    redis?: RedisLink;
    sameDatabaseAs?: TestShop;
    drawDocument?: DrawDocument;
    /**
     * 'shop': the rates a new shop starts with (a home rate and a world rate), as main.ts adds them.
     * By default delivery is free everywhere, so that suites about other things pay the goods'
     * price; the checkout's suites ask for the shop's rates.
     */
    delivery?: 'shop' | 'free';
  } = {},
): Promise<TestShop> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'voltline-api-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: options.webDistDir ?? path.join(dataDir, 'no-web-build'),
    AUTH_RATE_LIMIT_MAX: '1000',
    // Suites sign up and sign in thousands of times (identity/password-hashing.ts); password-hashing.test.ts keeps the real cost.
    PASSWORD_HASHING: 'fast-for-tests',
    // Suites place hundreds of orders from one account; the write-limit tests set their own.
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
    CART_RATE_LIMIT_PER_MINUTE: '100000',
    REVIEW_RATE_LIMIT_PER_MINUTE: '100000',
    UPLOAD_RATE_LIMIT_PER_MINUTE: '100000',
    WEBHOOK_ENDPOINT_RATE_LIMIT_PER_MINUTE: '100000',
    PUBLIC_UNCACHED_READS_PER_SECOND: '0',
    QUERY_RATE_LIMIT_PER_HOUR: '100000',
    STOCK_ALERT_RATE_LIMIT_PER_HOUR: '100000',
    MY_DATA_EXPORTS_PER_HOUR: '100000',
    WRONG_COUPON_CODES_PER_HOUR: '100000',
    ...options.environment,
  });
  const shared = options.sameDatabaseAs?.database;
  const database = shared ? (shared.url ? await openPostgres(shared.url) : shared) : await kind.open();
  if (!shared) {
    await database.migrate();
    if (options.delivery === 'shop') await addDefaultDeliveryRates(database.db, config.shopCountry);
    else await database.db.insert(deliveryRates).values({ country: REST_OF_WORLD, chargeCents: 0, freeFromCents: null }).onConflictDoNothing();
  }
  if (options.seed) await seedShopOnFirstStart(database.db);
  const logLines = options.logLines;
  const log = logLines ? createLogger('info', { write: (line: string) => void logLines.push(line) }) : createLogger('silent');
  const core = createShopCore({ config, database, secret: 'test-secret-'.padEnd(48, 'x'), log, redis: options.redis, drawDocument: options.drawDocument });
  const app = await buildApp(core, logLines ? log : false);
  await app.ready();
  return {
    app,
    core,
    database,
    config,
    outbox: () => readOutbox(dataDir),
    async close() {
      await app.close();
      await core.cacheBus.close();
      if (database !== shared) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
