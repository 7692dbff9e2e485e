// `DATABASE_URL=… REDIS_URL=… npm run bench:scale`: catalogue reads and orders with one instance and
// with two (start:cluster), against the same PostgreSQL and Redis, in one run; and what each costs in
// measures the machine's load does not change (issue 42's capacity model, docs/operations.md):
// CPU ms of the shop's processes and of PostgreSQL's per request or order (/proc), PostgreSQL's
// commits, WAL bytes and database bytes per order, Redis's CPU and commands per request, and each
// instance's resident memory. Writes bench/results/scale-latest.json.
//
// PostgreSQL's CPU is read from /proc, so only for a server on this machine; WAL and Redis's figures
// are their whole server's: on a server that other work shares, the run says how many transactions
// other databases committed meanwhile (a PostgreSQL and a Redis of the run's own give clean figures).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { signInOverHttp, type ApiSession } from '@voltline/test-kit/api-client';
import { ADMIN_ENV } from '@voltline/test-kit/customers';
import { placePaidOrderOverHttp } from '@voltline/test-kit/orders';
import { freePort, startShop } from '@voltline/test-kit/shop-server';
import type { Tool } from '@voltline/shared/tool';
import { measure, orderScenario, printTable, restockForBench, type Measurement, type Scenario } from './bench-support.ts';
import { childrenOf, cpuMsOf, memoryOf, parentOf } from './proc-stats.ts';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!databaseUrl) {
  console.error('bench:scale needs DATABASE_URL (and REDIS_URL): several instances cannot share PGlite.');
  process.exit(1);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** Customers placing and paying at once, each waiting for its answers (the paid-order scenario). */
const PAYING_CUSTOMERS = 20;
/**
 * A PostgreSQL 15 backend that went idle reports its transaction counts to pg_stat_database within
 * 10 s (PGSTAT_IDLE_INTERVAL): the commits of a scenario are read after this wait.
 */
const STATS_FLUSH_MS = 11_000;
/** The longest wait for the shop's work after a scenario (its outbox) to end. */
const SETTLE_MAX_MS = 120_000;
/** How long the idle spending is read for, before the scenarios. */
const IDLE_MS = 15_000;
const env = {
  DATABASE_URL: databaseUrl,
  ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  ...ADMIN_ENV,
  LOG_LEVEL: 'error',
  AUTH_RATE_LIMIT_MAX: '100000',
  ORDER_RATE_LIMIT_PER_MINUTE: '10000000',
  PUBLIC_UNCACHED_READS_PER_SECOND: '0',
  BACKUP_EVERY: 'off',
};

// ---------------------------------------------------------------------------------------------
// What the servers have spent, read before and after each scenario

interface Counters {
  /** performance.now() when read. */
  at: number;
  /** CPU ms of each process, by pid: the shop's, and PostgreSQL's (every process of its server). */
  shopCpu: Map<number, number>;
  postgresCpu: Map<number, number>;
  /** The backends connected to the bench's database (the shop's pools). */
  databaseBackends: number[];
  commits: number;
  otherDatabasesCommits: number;
  walLsn: string;
  databaseBytes: number;
  orders: number;
  redis?: { cpuMs: number; commands: number };
}

const cpuByPid = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuMsOf(pid)]));

/** CPU spent since `before` by the processes alive now (a process started meanwhile counts whole). */
function cpuSince(before: Map<number, number>, after: Map<number, number>, only?: number[]): number {
  let total = 0;
  for (const [pid, ms] of after) if (!only || only.includes(pid)) total += ms - (before.get(pid) ?? 0);
  return total;
}

async function redisCounters(redis: Redis): Promise<{ cpuMs: number; commands: number }> {
  const field = (info: string, name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? Number.NaN);
  const cpu = await redis.info('cpu');
  const stats = await redis.info('stats');
  return { cpuMs: (field(cpu, 'used_cpu_user') + field(cpu, 'used_cpu_sys')) * 1000, commands: field(stats, 'total_commands_processed') };
}

class Meter {
  private constructor(
    private readonly client: pg.Client,
    /** The postmaster, when the server runs on this machine; undefined otherwise. */
    private readonly postmaster: number | undefined,
    private readonly redis: Redis | undefined,
  ) {}

  static async open(): Promise<Meter> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return new Meter(client, parentOf(rows[0]!.pid), redisUrl ? new Redis(redisUrl, { lazyConnect: false }) : undefined);
  }

  get readsPostgresCpu(): boolean {
    return this.postmaster !== undefined;
  }

  async read(shopPids: number[]): Promise<Counters> {
    await this.client.query('select pg_stat_clear_snapshot()');
    const { rows } = await this.client.query<{ commits: string; others: string; lsn: string; bytes: string; orders: string; backends: number[] }>(
      `select (select xact_commit from pg_stat_database where datname = current_database()) as commits,
              (select coalesce(sum(xact_commit), 0) from pg_stat_database where datname is distinct from current_database()) as others,
              pg_current_wal_lsn()::text as lsn,
              pg_database_size(current_database()) as bytes,
              (select count(*) from orders) as orders,
              array(select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) as backends`,
    );
    const row = rows[0]!;
    const postgresPids = this.postmaster === undefined ? [] : [this.postmaster, ...childrenOf(this.postmaster)];
    return {
      at: performance.now(),
      shopCpu: cpuByPid(shopPids),
      postgresCpu: cpuByPid(postgresPids),
      databaseBackends: row.backends,
      commits: Number(row.commits),
      otherDatabasesCommits: Number(row.others),
      walLsn: row.lsn,
      databaseBytes: Number(row.bytes),
      orders: Number(row.orders),
      ...(this.redis ? { redis: await redisCounters(this.redis) } : {}),
    };
  }

  async walBytesBetween(from: string, to: string): Promise<number> {
    const { rows } = await this.client.query<{ bytes: string }>('select pg_wal_lsn_diff($1, $2) as bytes', [to, from]);
    return Number(rows[0]!.bytes);
  }

  async close(): Promise<void> {
    await this.client.end();
    this.redis?.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// The scenarios

interface Cost {
  /** Requests answered 2xx (reads), or orders written (orders: counted in the database). */
  operations: number;
  shopCpuMsPerOp: number;
  /** What one core of the shop serves a second at that cost: 1000 / shopCpuMsPerOp. */
  perShopCorePerSecond: number;
  postgresCpuMsPerOp?: number;
  /** Of which the shop's own connections (the rest: WAL writer, checkpointer, autovacuum...). */
  postgresBackendsCpuMsPerOp?: number;
  commitsPerOp: number;
  walBytesPerOp: number;
  databaseBytesPerOp: number;
  redisCpuMsPerOp?: number;
  redisCommandsPerOp?: number;
  /** Transactions other databases of the server committed meanwhile: 0 for clean WAL figures. */
  otherDatabasesCommits: number;
}

type Row = Measurement & { cost: Cost };

interface Workload {
  scenario: Scenario;
  /** Orders: counted in the orders table; reads: the 2xx answers. */
  counts: 'orders' | 'answers';
  /** Run by hand (several requests per operation, each waiting for the last) instead of by autocannon. */
  run?: (url: string) => Promise<Measurement>;
}

/** Customers each placing an order and paying it with the accepted card, one after the other, for SECONDS. */
function paidOrders(customers: ApiSession[], tool: Tool): (url: string) => Promise<Measurement> {
  return async () => {
    const latencies: number[] = [];
    let errors = 0;
    const until = performance.now() + SECONDS * 1000;
    await Promise.all(
      customers.map(async (customer) => {
        while (performance.now() < until) {
          const started = performance.now();
          try {
            await placePaidOrderOverHttp(customer, tool);
            latencies.push(performance.now() - started);
          } catch {
            errors += 1;
          }
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN);
    return { name: '', requestsPerSecond: Math.round(latencies.length / SECONDS), p50: at(50), p95: at(97.5), p99: at(99), errors, non2xx: 0, ok: latencies.length };
  };
}

async function workloadsFor(url: string): Promise<Workload[]> {
  const tools: Tool[] = await (await fetch(`${url}/api/getTools`)).json();
  const tool = tools.reduce((best, candidate) => (candidate.availableQuantity > best.availableQuantity ? candidate : best));
  await restockForBench(url, tool);
  const stamp = `${Date.now()}-${Math.random()}`;
  const signUp = (n: number) => signInOverHttp(url, `scale-${stamp}-${n}@example.com`, 'Scale#123', { signUpAs: 'Scale' });
  const customers: ApiSession[] = [];
  while (customers.length < PAYING_CUSTOMERS) customers.push(...(await Promise.all(Array.from({ length: 5 }, (_, i) => signUp(customers.length + i)))));
  return [
    { scenario: { name: 'GET /api/getTools', path: '/api/getTools', headers: { 'accept-encoding': 'br, gzip' } }, counts: 'answers' },
    { scenario: { name: 'GET /api/getTool/:id', path: `/api/getTool/${tool._id}` }, counts: 'answers' },
    { scenario: orderScenario(customers[0]!, tool), counts: 'orders' },
    { scenario: { name: `order placed and paid (${PAYING_CUSTOMERS} customers, 3 requests each)`, path: '' }, counts: 'orders', run: paidOrders(customers, tool) },
  ];
}

/** What the servers spent between two readings of the meter. */
interface Spent {
  seconds: number;
  shopCpuMs: number;
  postgresCpuMs: number;
  postgresBackendsCpuMs: number;
  commits: number;
  walBytes: number;
  databaseBytes: number;
  redisCpuMs: number;
  redisCommands: number;
}

async function spentBetween(before: Counters, after: Counters, meter: Meter): Promise<Spent> {
  return {
    seconds: (after.at - before.at) / 1000,
    shopCpuMs: cpuSince(before.shopCpu, after.shopCpu),
    postgresCpuMs: cpuSince(before.postgresCpu, after.postgresCpu),
    postgresBackendsCpuMs: cpuSince(before.postgresCpu, after.postgresCpu, after.databaseBackends),
    // Less the meter's own two statements (each its own transaction) between the readings.
    commits: after.commits - before.commits - 2,
    walBytes: await meter.walBytesBetween(before.walLsn, after.walLsn),
    databaseBytes: after.databaseBytes - before.databaseBytes,
    redisCpuMs: (after.redis?.cpuMs ?? 0) - (before.redis?.cpuMs ?? 0),
    redisCommands: (after.redis?.commands ?? 0) - (before.redis?.commands ?? 0),
  };
}

/**
 * What the shop and its servers spend doing nothing for a while (the shop's timers and jobs,
 * PostgreSQL's writers): taken off each scenario pro rata, so that a few requests in a long
 * window are not charged for the idle time around them.
 */
async function idleSpending(shopPids: () => number[], meter: Meter): Promise<Spent> {
  const before = await meter.read(shopPids());
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  return spentBetween(before, await meter.read(shopPids()), meter);
}

/**
 * Waits until the shop is back to its idle spending (an order's mails and invoice are made after its
 * answer, by the outbox: they are its cost, and must not fall into the next scenario's), and at
 * least STATS_FLUSH_MS; at most SETTLE_MAX_MS.
 */
async function settle(shopPids: () => number[], idle: Spent): Promise<void> {
  const started = Date.now();
  const quiet = Math.max(20, (2 * idle.shopCpuMs) / idle.seconds);
  for (;;) {
    const before = cpuByPid(shopPids());
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const busy = cpuSince(before, cpuByPid(shopPids()));
    if ((busy <= quiet && Date.now() - started >= STATS_FLUSH_MS) || Date.now() - started >= SETTLE_MAX_MS) return;
  }
}

async function run(url: string, label: string, shopPids: () => number[], meter: Meter): Promise<{ rows: Row[]; idle: Spent }> {
  const rows: Row[] = [];
  const workloads = await workloadsFor(url);
  const idle = await idleSpending(shopPids, meter);
  for (const { scenario, counts, run: runByHand } of workloads) {
    const before = await meter.read(shopPids());
    const measured = runByHand ? await runByHand(url) : await measure(url, scenario, { connections: CONNECTIONS, seconds: SECONDS });
    await settle(shopPids, idle);
    const after = await meter.read(shopPids());
    const spent = await spentBetween(before, after, meter);
    const operations = counts === 'orders' ? after.orders - before.orders : measured.ok;
    /** Per operation, less what the same time would have cost idle. */
    const per = (field: Exclude<keyof Spent, 'seconds'>) => (spent[field] - (idle[field] * spent.seconds) / idle.seconds) / Math.max(1, operations);
    const shopCpuMsPerOp = per('shopCpuMs');
    rows.push({
      ...measured,
      name: `${scenario.name} [${label}]`,
      cost: {
        operations,
        shopCpuMsPerOp,
        perShopCorePerSecond: 1000 / shopCpuMsPerOp,
        ...(meter.readsPostgresCpu ? { postgresCpuMsPerOp: per('postgresCpuMs'), postgresBackendsCpuMsPerOp: per('postgresBackendsCpuMs') } : {}),
        commitsPerOp: per('commits'),
        walBytesPerOp: per('walBytes'),
        databaseBytesPerOp: spent.databaseBytes / Math.max(1, operations),
        ...(after.redis ? { redisCpuMsPerOp: per('redisCpuMs'), redisCommandsPerOp: per('redisCommands') } : {}),
        otherDatabasesCommits: after.otherDatabasesCommits - before.otherDatabasesCommits,
      },
    });
  }
  return { rows, idle };
}

function printCosts(rows: Row[]): void {
  const fixed = (value: number | undefined, digits: number) => (value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(digits));
  const header = ['scenario', 'ops', 'shop CPU ms/op', 'ops/s per shop core', 'PG CPU ms/op (backends)', 'commits/op', 'WAL B/op', 'DB B/op', 'Redis CPU ms/op', 'Redis cmds/op', 'other DBs commits'];
  const lines = rows.map(({ name, cost }) => [
    name,
    String(cost.operations),
    fixed(cost.shopCpuMsPerOp, 2),
    fixed(cost.perShopCorePerSecond, 0),
    cost.postgresCpuMsPerOp === undefined ? '-' : `${fixed(cost.postgresCpuMsPerOp, 2)} (${fixed(cost.postgresBackendsCpuMsPerOp, 2)})`,
    fixed(cost.commitsPerOp, 2),
    fixed(cost.walBytesPerOp, 0),
    fixed(cost.databaseBytesPerOp, 0),
    fixed(cost.redisCpuMsPerOp, 3),
    fixed(cost.redisCommandsPerOp, 1),
    String(cost.otherDatabasesCommits),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

// ---------------------------------------------------------------------------------------------

const meter = await Meter.open();
const memory: Record<string, { rssMb: number; peakMb: number }[]> = {};
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
const memoryOfEach = (pids: number[]) => pids.map(memoryOf).map(({ rss, peak }) => ({ rssMb: megabytes(rss), peakMb: megabytes(peak) }));

const single = await startShop({ env });
const singlePid = single.process.pid!;
const { rows: one, idle: idleOne } = await run(single.url, '1 instance', () => [singlePid], meter);
printTable(one);
memory['1 instance'] = memoryOfEach([singlePid]);
await single.stop();

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const cluster = spawn(process.execPath, ['scripts/start-cluster.mjs', '--instances', '2'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: url },
  stdio: ['ignore', 'ignore', 'inherit'],
});
// Two instances start in about 6 s on a quiet machine, past 30 s beside other work.
const healthyBy = Date.now() + 120_000;
while (!(await fetch(`${url}/api/health`).catch(() => null))?.ok) {
  if (cluster.exitCode !== null || Date.now() > healthyBy) {
    cluster.kill('SIGTERM');
    throw new Error(`The two instances did not answer /api/health within 120 s (exit code ${cluster.exitCode})`);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
// The primary hands connections to the workers: its CPU counts as the shop's too.
const clusterPids = () => [cluster.pid!, ...childrenOf(cluster.pid!)];
const { rows: two, idle: idleTwo } = await run(url, '2 instances', clusterPids, meter);
memory['2 instances (primary, workers)'] = memoryOfEach(clusterPids());
cluster.kill('SIGTERM');
await meter.close();

const rows = [...one, ...two];
console.log(`\nScale-out: ${SECONDS} s per scenario, PostgreSQL${redisUrl ? ' and Redis' : ''}\n`);
printTable(rows);
console.log('\nWhat each operation costs (CPU from /proc: the same on a loaded machine; PG CPU: every process of the server, in brackets its backends on this database)\n');
printCosts(rows);
const idlePerSecond = (idle: Spent) =>
  `shop ${(idle.shopCpuMs / idle.seconds).toFixed(1)} CPU ms/s, PostgreSQL ${(idle.postgresCpuMs / idle.seconds).toFixed(1)} CPU ms/s, ${(idle.commits / idle.seconds).toFixed(2)} commits/s, ${Math.round(idle.walBytes / idle.seconds)} WAL B/s`;
console.log(`\nIdle, taken off the figures above pro rata: 1 instance: ${idlePerSecond(idleOne)}; 2 instances: ${idlePerSecond(idleTwo)}`);
console.log(`Resident memory at the end of each run (MB, now / peak): ${JSON.stringify(memory)}`);
const outputDir = path.resolve(import.meta.dirname, 'results');
mkdirSync(outputDir, { recursive: true });
writeFileSync(path.join(outputDir, 'scale-latest.json'), JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, rows, idle: { '1 instance': idleOne, '2 instances': idleTwo }, memory }, null, 2));
console.log('Written to bench/results/scale-latest.json');
