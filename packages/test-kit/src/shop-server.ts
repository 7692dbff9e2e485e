import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface RunningShop {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface StartOptions {
  /** The shop's DATA_DIR, kept after it stops; without it, a fresh one removed when it stops. */
  dataDir?: string;
  env?: Record<string, string>;
  /**
   * A data dir without a database yet starts from a copy of the migrated cluster: what a fresh
   * data dir always does. false (the default for a given dataDir) lets the shop make its cluster
   * and migrate it, as on a machine's first `npm start`.
   */
  fromMigratedCluster?: boolean;
}

/**
 * The server as `npm start` runs it, its sources through tsx; or, where the browser journeys' set-up
 * bundled them for the run (scripts/vitest-bundle-server.mjs, decision 057), that bundle: the same
 * code, started in about half the CPU.
 */
function serverCommand(): string[] {
  const bundled = process.env.VOLTLINE_TEST_SERVER_ENTRY;
  return bundled ? ['--enable-source-maps', bundled] : ['--import', 'tsx', 'apps/server/src/main.ts'];
}

/** Starts the real server (`main.ts`, as `npm start` does) on a free port and a fresh data dir. */
export async function startShop(options: StartOptions = {}): Promise<RunningShop> {
  const port = await freePort();
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'voltline-e2e-'));
  const clusterDir = path.join(dataDir, 'pglite');
  if ((options.fromMigratedCluster ?? ownsDataDir) && !options.env?.DATABASE_URL && !existsSync(clusterDir)) {
    // Instead of making and migrating a cluster at start (migrated-pglite.ts).
    const { migratedClusterDir } = await import('./migrated-pglite.ts');
    cpSync(await migratedClusterDir(), clusterDir, { recursive: true });
  }
  const child = spawn(process.execPath, serverCommand(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // A shop never backed up takes its first backup at once (decision 056): a journey's fresh shop
      // would pause its writes for it at the start of every file. The backup drills set their own.
      BACKUP_EVERY: 'off',
      // Journeys sign up and sign in hundreds of times: scrypt at the test suites' cost
      // (apps/server/src/identity/password-hashing.ts). Benchmarks (not run by Vitest) measure the real one.
      ...(process.env.VITEST ? { PASSWORD_HASHING: 'fast-for-tests' } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url, child, () => output);
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * How long a starting shop may take to answer its health check: about 6 s on a quiet 2-core machine,
 * past 60 s beside other suites (browser journeys failed there while their shops were still
 * starting). Below the e2e project's hookTimeout (120 s), so a shop that never answers fails
 * with its own output rather than a bare hook timeout.
 */
const HEALTHY_WITHIN_MS = 110_000;

/** Asked this often: a poll a start waits past is time no journey uses. */
const HEALTH_POLL_MS = 50;

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  child.kill('SIGKILL');
  throw new Error(`The shop did not become healthy in time:\n${output()}`);
}
