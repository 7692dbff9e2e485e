import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './shop-server.ts';

/**
 * A PostgreSQL server and a Redis server of a test's own, on free ports, for tests that stop or
 * restart them: the machine's shared ones serve other suites at the same time and are never touched.
 */

const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

/** Why these tests cannot run here, or undefined when they can. */
export function ownServicesMissing(): string | undefined {
  if (!existsSync(path.join(POSTGRES_BIN, 'initdb'))) return `PostgreSQL 15's initdb is not in ${POSTGRES_BIN}`;
  if (spawnSync('redis-server', ['--version']).status !== 0) return 'redis-server is not installed';
  return undefined;
}

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** Asynchronous, so a test's own requests go on while the server stops or starts. */
async function run(command: string, args: string[]): Promise<void> {
  const [file, fileArgs] = asServerUser(command, args);
  await promisify(execFile)(file, fileArgs);
}

export interface OwnPostgres {
  /** A connection string to its `postgres` database. */
  url: string;
  /** A folder of its own (the server's user may write there), which remove() deletes with the server. */
  home: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it fast (open connections are cut, as in a crash or a failover) and starts it again. */
  restart(): Promise<void>;
  remove(): Promise<void>;
}

/** A PostgreSQL 15 tool (pg_basebackup, pg_ctl) run as the server's user, so that the files it writes are the server's. */
export const runPostgresTool = (tool: string, args: string[]) => run(path.join(POSTGRES_BIN, tool), args);

/**
 * Starts the cluster in `dataDir` on a free port (a cluster made by initdb, or a base backup being
 * recovered); `settings` are added to its postgresql.conf first.
 */
export async function startPostgresCluster(home: string, dataDir: string, settings: Record<string, string> = {}): Promise<Omit<OwnPostgres, 'home'>> {
  const port = await freePort();
  const lines = Object.entries(settings).map(([key, value]) => `${key} = '${value.replace(/'/g, "''")}'\n`);
  if (lines.length > 0) appendFileSync(path.join(dataDir, 'postgresql.conf'), lines.join(''));
  const ctl = path.join(POSTGRES_BIN, 'pg_ctl');
  const options = `-p ${port} -k ${home} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const log = path.join(home, `log-${port}`);
  const start = () => run(ctl, ['-D', dataDir, '-o', options, '-l', log, '-w', 'start']);
  const stop = () => run(ctl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  await start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    restart: () => run(ctl, ['-D', dataDir, '-o', options, '-l', log, '-m', 'fast', '-w', 'restart']),
    async remove() {
      await stop().catch(() => {}); // already stopped
      rmSync(home, { recursive: true, force: true });
    },
  };
}

export async function startOwnPostgres(settings: Record<string, string> = {}): Promise<OwnPostgres> {
  const home = mkdtempSync(path.join(tmpdir(), 'voltline-own-pg-'));
  chmodSync(home, 0o777);
  const dataDir = path.join(home, 'data');
  await run(path.join(POSTGRES_BIN, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  return { home, ...(await startPostgresCluster(home, dataDir, settings)) };
}

export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let server: ChildProcess | undefined;
  const start = async () => {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitForPort(port, true);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      const stopping = server;
      if (!stopping || stopping.exitCode !== null) return;
      const exited = new Promise((resolve) => stopping.once('exit', resolve));
      stopping.kill('SIGKILL');
      await exited;
    },
  };
}

async function waitForPort(port: number, open: boolean): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (isOpen === open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`port ${port} did not ${open ? 'open' : 'close'} in time`);
}
