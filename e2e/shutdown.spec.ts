import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startShop, type RunningShop } from '@voltline/test-kit/shop-server';

const SHUTDOWN_TIMEOUT_SECONDS = 3;

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

/** SIGTERM, then how long the process took to exit and its code; SIGKILL (and a failure) if it never does. */
async function terminate(shop: RunningShop): Promise<{ seconds: number; code: number | null }> {
  const started = Date.now();
  const exited = new Promise<number | null>((resolve) => shop.process.once('exit', (code) => resolve(code)));
  shop.process.kill('SIGTERM');
  const hung = setTimeout(() => shop.process.kill('SIGKILL'), (SHUTDOWN_TIMEOUT_SECONDS + 15) * 1000);
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

      const { seconds, code } = await terminate(shop);
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
