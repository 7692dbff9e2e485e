import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startShop } from '@voltline/test-kit/shop-server';

/** What `npm start` promises: a seeded shop on first start, the same data on the next. */
describe('starting the shop', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'voltline-first-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Two starts, the first making its cluster (initdb), and a refused third: past the 60 s of a
  // journey's test on a busy machine, as the shutdown file's tests that start shops are.
  it('seeds on first start, refuses a second server on the same data, and reuses the data after a restart', { timeout: 180_000 }, async () => {
    const first = await startShop({ dataDir });
    const tools = await (await fetch(`${first.url}/api/getTools`)).json();
    expect(tools.length).toBeGreaterThanOrEqual(12);
    const home = await fetch(`${first.url}/`);
    expect(home.headers.get('content-type')).toMatch(/text\/html/);
    expect(await home.text()).toContain('<div id="root">');

    const second = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('is in use by another Voltline server');

    // SIGTERM: finish what is in flight, close the database, exit 0 (and release the lock).
    const inFlight = fetch(`${first.url}/api/getTools`);
    await first.stop();
    expect((await inFlight).status).toBe(200);
    expect(first.process.exitCode).toBe(0);
    const again = await startShop({ dataDir });
    const toolsAgain = await (await fetch(`${again.url}/api/getTools`)).json();
    expect(toolsAgain).toEqual(tools);
    await again.stop();
  });
});
