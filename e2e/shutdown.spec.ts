import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase } from '@voltline/test-kit/fresh-postgres';
import { startShop, type RunningShop } from '@voltline/test-kit/shop-server';

const SHUTDOWN_TIMEOUT_SECONDS = 3;
const autocannonCli = createRequire(import.meta.url).resolve('autocannon');

/** A raw connection to the shop, so the test decides when (and whether) a request ends. */
async function openConnection(shop: RunningShop): Promise<Socket & { received: () => string }> {
  const { hostname, port } = new URL(shop.url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  return Object.assign(socket, { received: () => received });
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Sends `signals` (one after the other at once), runs `afterSignal`, then how long the process took to exit and its code; SIGKILL
 * (and a null code, so the test fails) if it is still alive `giveUpAfterSeconds` after the signal.
 */
async function stopWith(
  shop: RunningShop,
  signals: NodeJS.Signals[],
  options: { giveUpAfterSeconds: number; afterSignal?: () => Promise<void> },
): Promise<{ seconds: number; code: number | null }> {
  const started = Date.now();
  const exited = new Promise<number | null>((resolve) => shop.process.once('exit', (code) => resolve(code)));
  for (const signal of signals) shop.process.kill(signal);
  const hung = setTimeout(() => shop.process.kill('SIGKILL'), options.giveUpAfterSeconds * 1000);
  await options.afterSignal?.();
  const code = await exited;
  clearTimeout(hung);
  return { seconds: (Date.now() - started) / 1000, code };
}

const lockFile = (shop: RunningShop) => path.join(shop.dataDir, 'server.lock');

/** A shop that got SIGTERM must end in bounded time, whatever its clients do, and free its data directory. */
describe('stopping the shop', () => {
  it('exits within SHUTDOWN_TIMEOUT_SECONDS despite a keep-alive connection and a request that never finishes', { timeout: 180_000 }, async () => {
    const shop = await startShop({ env: { SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS) } });
    try {
      const host = new URL(shop.url).host;
      // A browser's idle keep-alive connection, after one answered request.
      const keepAlive = await openConnection(shop);
      keepAlive.write(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
      await until(() => keepAlive.received().includes('{"ok":true}'), 'the health answer');
      // A slow upload: the headers promise a body that never arrives, so the request stays in flight.
      const slow = await openConnection(shop);
      slow.write(`POST /api/review HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"review":"`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(existsSync(lockFile(shop))).toBe(true);

      const { seconds, code } = await stopWith(shop, ['SIGTERM'], { giveUpAfterSeconds: SHUTDOWN_TIMEOUT_SECONDS + 15 });
      expect(code).toBe(1);
      expect(seconds).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_SECONDS - 0.5);
      expect(seconds).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS + 5);
      expect(shop.output()).toContain(`Shutdown did not finish within ${SHUTDOWN_TIMEOUT_SECONDS} s`);
      expect(existsSync(lockFile(shop))).toBe(false);
      keepAlive.destroy();
      slow.destroy();

      // The data directory is free: the next start opens it and finds the shop.
      const again = await startShop({ dataDir: shop.dataDir });
      expect((await fetch(`${again.url}/api/getTools`)).status).toBe(200);
      await again.stop();
    } finally {
      await shop.stop();
    }
  });
});

/**
 * 50 connections reading the catalogue, as a busy shop has, for 30 s at most. From a process of its
 * own, as a shop's clients are: run in the test's process the load was too thin to have log lines
 * on their way when the reader went, and the hang did not show.
 */
function readTheCatalogue(shop: RunningShop): { stop: () => void } {
  const load = spawn(process.execPath, [autocannonCli, '--connections', '50', '--duration', '30', `${shop.url}/api/getTools`], { stdio: 'ignore' });
  return { stop: () => load.kill() };
}

const answeredRequests = (shop: RunningShop) => shop.output().split('"request completed"').length - 1;

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * `npm start | tee shop.log` stopped with Ctrl-C, or a supervisor stopping with the shop: the
 * process reading the shop's output ends a few milliseconds after the signal, while requests are
 * being answered and logged. The shop hung in process.exit, its data directory locked (issue 24).
 */
describe.each([
  { database: 'PGlite', postgres: false },
  ...(postgresUrl ? [{ database: 'PostgreSQL', postgres: true }] : []),
])('stopping the shop under load while its output reader ends ($database)', ({ postgres }) => {
  let database: Awaited<ReturnType<typeof createFreshPostgresDatabase>> | undefined;
  beforeAll(async () => {
    if (postgres) database = await createFreshPostgresDatabase(postgresUrl!);
  });
  afterAll(async () => {
    await database?.drop();
  });

  // SIGINT and SIGTERM together: Ctrl-C reaches the shop from the terminal and from a parent passing it on (start:cluster).
  it.each([{ signals: ['SIGTERM'] }, { signals: ['SIGINT'] }, { signals: ['SIGINT', 'SIGTERM'] }] satisfies { signals: NodeJS.Signals[] }[])(
    '$signals: exits within the bound and frees its data directory',
    { timeout: 120_000 },
    async ({ signals }) => {
      const shop = await startShop({
        // Request logging on, so lines are on their way to the pipe when its reader goes.
        env: { SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS), LOG_LEVEL: 'info', ...(database && { DATABASE_URL: database.url }) },
      });
      const load = readTheCatalogue(shop);
      try {
        await until(() => answeredRequests(shop) >= 500, 'the load to be answered');
        const { seconds, code } = await stopWith(shop, signals, {
          giveUpAfterSeconds: SHUTDOWN_TIMEOUT_SECONDS + 5,
          afterSignal: async () => {
            await new Promise((resolve) => setTimeout(resolve, 5));
            // The reader ends: the shop's writes to its output now fail with EPIPE.
            shop.process.stdout?.destroy();
            shop.process.stderr?.destroy();
          },
        });
        expect(code).toBe(0);
        expect(seconds).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS);
        load.stop();
        if (!postgres) {
          expect(existsSync(lockFile(shop))).toBe(false);
          const again = await startShop({ dataDir: shop.dataDir });
          expect((await fetch(`${again.url}/api/getTools`)).status).toBe(200);
          await again.stop();
        }
      } finally {
        load.stop();
        await shop.stop();
      }
    },
  );
});
