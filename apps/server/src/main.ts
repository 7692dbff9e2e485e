import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { openPglite, openPostgres, type DatabaseHandle } from './db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from './db/data-dir-lock.ts';
import { createEmbeddedMaintenance } from './db/embedded-maintenance.ts';
import { seedShopOnFirstStart } from './seed/seed-shop.ts';
import { createLogger, openStandardOutputLog } from './http/logging.ts';
import { loadOrCreateAuthSecret } from './identity/auth-secret.ts';
import { ensureFirstAdmin } from './profiles/first-admin.ts';
import { addDefaultDeliveryRates } from './pricing/delivery-settings-service.ts';
import { addInitialTaxSettings, initialTaxSettings } from './pricing/tax-settings-service.ts';
import { keepShopCurrency } from './pricing/shop-currency.ts';
import { startUnpaidOrderExpiry } from './orders/unpaid-order-expiry.ts';
import { purgeSentNotifications } from './notifications/notification-outbox.ts';
import { ConfigurationError } from './platform/configuration-error.ts';
import { everyHour } from './platform/every-hour.ts';
import { armLastResortExit } from './platform/last-resort-exit.ts';
import { connectRedis } from './platform/redis.ts';
import { createShopCore } from './shop-core.ts';

async function openDatabase(config: Config): Promise<{ database: DatabaseHandle; unlock: () => void }> {
  if (config.databaseUrl) {
    return { database: await openPostgres(config.databaseUrl, config.databasePoolSize), unlock: () => {} };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const unlock = acquireDataDirLock(config.dataDir);
  try {
    return { database: await openPglite({ dataDir: path.join(config.dataDir, 'pglite') }), unlock };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * How far V8 lets the heap grow past what the last full collection kept before it collects again.
 * Left to itself V8 grows it up to fourfold when collecting looks cheap, so a long stream of
 * short-lived objects (a million-order CSV export) took the server's RSS up by 200 MB of garbage
 * while its live heap stayed at 66 MB (decision 019). V8 reads this at every full collection.
 */
const HEAP_GROWING_PERCENT = 30;

/** How long an exiting shop gives its last log lines to reach a slow reader before exiting without them. */
const LOG_CLOSE_MILLISECONDS = 1000;

/**
 * How long past the shutdown's bound the last resort waits before ending the process: the bound's
 * own exit first closes the log (LOG_CLOSE_MILLISECONDS), and should be the one seen.
 */
const LAST_RESORT_GRACE_MILLISECONDS = 2000;

const logOutput = openStandardOutputLog();

/** Lets the queued log lines out (within a bound), then exits. */
async function exitShop(code: number): Promise<never> {
  await logOutput.close(LOG_CLOSE_MILLISECONDS);
  process.exit(code);
}

async function start(): Promise<void> {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const config = loadConfig();
  const log = createLogger(config.logLevel, logOutput);
  const { database, unlock } = await openDatabase(config);
  const redis = config.redisUrl ? connectRedis(config.redisUrl, log) : undefined;
  // Instances starting together: one migrates, seeds and creates the admin; the others wait, then find it done.
  const secret = await database.withStartupLock(async () => {
    await database.migrate();
    await keepShopCurrency(database.db, config.money.currency);
    await seedShopOnFirstStart(database.db);
    await addDefaultDeliveryRates(database.db, config.shopCountry);
    await addInitialTaxSettings(database.db, initialTaxSettings(config));
    return loadOrCreateAuthSecret(config.authSecret, config.dataDir, database);
  });
  const core = createShopCore({ config, database, secret, log, redis });
  await database.withStartupLock(() =>
    ensureFirstAdmin({ db: database.db, auth: core.auth, profiles: core.profiles, firstAdmin: config.firstAdmin, log }),
  );

  const app = await buildApp(core, log);
  const stopExpiry = startUnpaidOrderExpiry(core.adminOrders, config.unpaidOrderExpiryDays, log);
  // Mailed back-in-stock alerts hold an email: deleted STOCK_ALERT_KEEP_DAYS after their mail (decision 045).
  const stopAlertPurge = everyHour(() => core.stockAlerts.purgeMailed(), log, {
    done: 'deleted back-in-stock alerts mailed long ago',
    failed: 'could not delete old back-in-stock alerts',
  });
  // Decision 060: an order on account 7, 14 and 21 days overdue is reminded, once a step.
  const stopReminders = everyHour(() => core.onAccount.remindOverdue(), log, {
    done: 'mailed reminders of overdue orders on account',
    failed: 'could not mail reminders of overdue orders on account',
  });
  // Sent mails and webhooks hold people's addresses: deleted a month after they went (decision 073).
  const stopOutboxPurge = everyHour(() => purgeSentNotifications(database.db), log, {
    done: 'deleted mails and webhooks sent long ago from the outbox',
    failed: 'could not delete old mails and webhooks from the outbox',
  });
  // An erased customer's documents keep their name, address and VAT id for TAX_RECORD_YEARS (decision 061).
  const stopTaxRecordRetention = everyHour(() => core.forgetMe.clearTaxRecordsDue(), log, {
    done: "cleared erased customers' names and addresses from documents past their tax records",
    failed: "could not clear erased customers' documents past their tax records",
  });
  const stopNotifications = core.notificationDispatcher.start();
  // PostgreSQL vacuums and analyses on its own (autovacuum); PGlite has nobody to do it.
  const stopMaintenance = database.kind === 'pglite' ? createEmbeddedMaintenance(database.db, log).start() : () => {};
  const stopBackups = core.backups.start();
  // `npm run backup` on a PGlite shop that runs asks it for a backup with SIGUSR2: only this process
  // may open the data dir (decision 056).
  const backupWhenAsked = () => void core.backups.takeNow();
  process.on('SIGUSR2', backupWhenAsked);
  const shutdownBoundMs = config.shutdownTimeoutSeconds * 1000;
  let stopping = false;
  const shutdown = async (signal: string) => {
    // SIGINT from the terminal and SIGTERM from a parent passing Ctrl-C on (start:cluster) both
    // arrive: one shutdown, under one bound. The same signal twice is Node's default again: exit now.
    if (stopping) return;
    stopping = true;
    // Everything below runs on the main thread, the bound's timer included; should something hold
    // that thread, another one ends the process a little after the bound.
    armLastResortExit(shutdownBoundMs + LAST_RESORT_GRACE_MILLISECONDS);
    log.info(`${signal} received, shutting down`);
    // A request that never ends (a client that stops sending halfway through an upload) would hold
    // app.close() for ever, and the data directory's lock with it: past the bound the shop exits
    // anyway. PGlite, like PostgreSQL, recovers from its log on the next start. Not unref'd: were
    // the steps below to wait on something that holds no handle, the process would otherwise end
    // on its own with exit code 0 and the lock left behind.
    setTimeout(() => {
      log.error(
        `Shutdown did not finish within ${config.shutdownTimeoutSeconds} s (requests still in flight): exiting without waiting for them`,
      );
      unlock();
      void exitShop(1);
    }, shutdownBoundMs);
    try {
      stopExpiry();
      stopAlertPurge();
      stopOutboxPurge();
      stopReminders();
      stopTaxRecordRetention();
      stopNotifications();
      stopMaintenance();
      process.off('SIGUSR2', backupWhenAsked);
      // A pg_dump under way is ended; a PGlite dump under way is waited for (within the bound).
      await stopBackups();
      // Stops accepting connections, closes idle keep-alive ones (Node does on close) and waits for
      // requests in flight, then closes the pools.
      await app.close();
      await core.cacheBus.close();
      redis?.disconnect();
      await database.close();
    } catch (error) {
      log.error({ err: error }, 'Shutdown failed: exiting without finishing it');
      unlock();
      await exitShop(1);
    }
    unlock();
    await exitShop(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Voltline shop on ${config.publicUrl} (database: ${database.kind})`);
  if (config.passwordHashing !== 'scrypt') app.log.warn('PASSWORD_HASHING=fast-for-tests: passwords are hashed at a cost fit for the test suites only');
}

start().catch(async (error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
  } else if (error instanceof ConfigurationError) {
    // The setting to change is the whole answer: a stack trace would bury it.
    console.error(`The shop could not start. ${error.message}`);
  } else {
    console.error('The shop could not start:', error);
  }
  await exitShop(1);
});
