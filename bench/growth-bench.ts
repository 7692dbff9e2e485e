// `npm run bench:growth` (issue 18): the shop after two years of business. Seeds 5,000 tools,
// 100,000 customers, 1,000,000 orders and 50,000 reviews into a fresh database (a new database on
// the PostgreSQL server of DATABASE_URL, or a new PGlite data dir), starts the real shop on it and
// measures every list's first page, a deep page and a search, the CSV export (time and server RSS
// growth), order placement with the CPU time each part spends per order (and, on PostgreSQL,
// pgbench's one-row INSERT rate at the same concurrency in the same run), and how long Home, Manage
// All Orders and Make Admin take to draw their rows in Chromium, and the admin's order search
// (issue 26, decision 028: text inside names, emails, products and addresses) with a dozen terms in
// every order and in the cancelled ones. Prints a table and writes
// bench/results/growth-<pglite|postgres>-<date>.json.
//
// Environment: GROWTH_SCALE (multiplies every count, default 1), GROWTH_SAMPLES (requests per list
// measurement, 20), GROWTH_DEEP_PAGES (how far to walk for the deep page, 200), GROWTH_BROWSER_RUNS
// (navigations per page, 3), BENCH_SECONDS (order placement, 10), BENCH_KEEP=1 (keep the database),
// GROWTH_SEARCH_SAMPLES (requests per order search term, 100), GROWTH_ONLY=order-search (seed, then
// measure the order search alone), GROWTH_ONLY=stock-history (seed, then page one tool's stock
// history of 100,000 movements alone, issue 37) or GROWTH_ONLY=after-sale (seed, then the returns
// lists, an order's parcels and the search by serial number alone, issue 38) or GROWTH_ONLY=catalogue
// (seed only the catalogue of issue 40, 50,000 tools in 300 categories with 8 specifications each,
// no customers or orders; then time GET /api/tools/search with filters, a range and a search word,
// and draw a category page in Chromium).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import type { Tool } from '@voltline/shared/tool';
import { signInInContext } from '@voltline/test-kit/customers';
import { signInOverHttp, type ApiSession } from '@voltline/test-kit/api-client';
import { launchBrowser } from '@voltline/test-kit/browser';
import { startShop, type RunningShop } from '@voltline/test-kit/shop-server';
import { measure, orderScenario, type Measurement, type Scenario } from './bench-support.ts';
import { cpuMsOf, machineBusyMs, postgresCpuMs, residentBytes } from './proc-stats.ts';
import type { Order } from '@voltline/shared/order';
import {
  CUSTOMER_PASSWORD,
  customerEmail,
  growthSerial,
  growthSizes,
  LEDGER_TOOL_ID,
  SERIAL_EVERY,
  seedGrowth,
  TRADE_RETURNS_CUSTOMER,
  type SeedReport,
} from './growth/seed-growth.ts';
import { catalogueSizes, seedCatalogue, subSlug, topSlug, type CatalogueSeedReport } from './growth/seed-catalogue.ts';
import type { CategoryNode } from '@voltline/shared/categories';

const repoRoot = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(repoRoot, 'bench/results');

const SCALE = Number(process.env.GROWTH_SCALE ?? 1);
const SAMPLES = Number(process.env.GROWTH_SAMPLES ?? 20);
const DEEP_PAGES = Number(process.env.GROWTH_DEEP_PAGES ?? 200);
const BROWSER_RUNS = Number(process.env.GROWTH_BROWSER_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const KEEP = process.env.BENCH_KEEP === '1';
const SEARCH_SAMPLES = Number(process.env.GROWTH_SEARCH_SAMPLES ?? 100);
const ONLY_ORDER_SEARCH = process.env.GROWTH_ONLY === 'order-search';
const ONLY_STOCK_HISTORY = process.env.GROWTH_ONLY === 'stock-history';
const ONLY_AFTER_SALE = process.env.GROWTH_ONLY === 'after-sale';
const ONLY_CATALOGUE = process.env.GROWTH_ONLY === 'catalogue';
if (process.env.GROWTH_ONLY !== undefined && !ONLY_ORDER_SEARCH && !ONLY_STOCK_HISTORY && !ONLY_AFTER_SALE && !ONLY_CATALOGUE) {
  throw new Error(`GROWTH_ONLY=${process.env.GROWTH_ONLY}: only "order-search", "stock-history", "after-sale" and "catalogue" are known.`);
}
const CONNECTIONS = 50;
const PAGE_LIMIT = 100;
/** One list measurement stops early (with at least one sample) once it has taken this long. */
const SCENARIO_BUDGET_MS = 60_000;
const REQUEST_TIMEOUT_MS = 120_000;
const PAGE_TIMEOUT_MS = 60_000;
const ADMIN = { email: 'admin@growth.test', password: 'Admin#2026' };

const GOALS = { listMs: 100, stockHistoryMs: 25, afterSaleListMs: 25, listBytes: 256 * 1024, csvRssMb: 100, drawMs: 1500, orderMs: 50, pgbenchRatio: 0.25, catalogueSearchMs: { postgres: 50, pglite: 100 } };

const serverUrl = process.env.DATABASE_URL?.trim() || undefined;
const kind: 'postgres' | 'pglite' = serverUrl ? 'postgres' : 'pglite';
const sizes = growthSizes(SCALE);
const catalogue = catalogueSizes(SCALE);

// ---------------------------------------------------------------------------------------------
// Small helpers

const median = (values: number[]) => percentile(values, 50);
function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const kb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : 'n/a');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The address of the `rel="next"` link, resolved against the shop, or undefined. */
function nextLink(baseUrl: string, link: string | null): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part);
    if (match) return new URL(match[1]!, baseUrl).href;
  }
  return undefined;
}

function withQuery(url: string, params: Record<string, string | number | undefined>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(key, String(value));
  return target.href;
}

interface Answer {
  ms: number;
  bytes: number;
  status: number;
  link: string | null;
  items: number | undefined;
}

/** One GET, body read in full; the size is the uncompressed body (identity encoding). */
async function getOnce(url: string, token?: string): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url, {
    headers: { 'accept-encoding': 'identity', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = Buffer.from(await response.arrayBuffer());
  const elapsed = performance.now() - started;
  let items: number | undefined;
  if (response.ok && body.length < 64 * 1024 * 1024) {
    try {
      const parsed: unknown = JSON.parse(body.toString('utf8'));
      if (Array.isArray(parsed)) items = parsed.length;
    } catch {
      // not JSON
    }
  }
  return { ms: elapsed, bytes: body.length, status: response.status, link: response.headers.get('link'), items };
}

// ---------------------------------------------------------------------------------------------
// Lists

interface ListSpec {
  name: string;
  path: string;
  token?: string;
  /** What a person would type in the search box; undefined: the list is not searched here. */
  q?: string;
  /** An answer of one page by design (a summary): measured as its first page only. */
  single?: true;
  /** A goal of its own for the median, below the lists' (a tool's stock history: 25 ms, issue 37). */
  goalMs?: number;
}

interface ListResult {
  list: string;
  what: 'first page' | 'deep page' | 'search';
  url?: string;
  samples: number;
  medianMs: number;
  p95Ms: number;
  p99Ms: number;
  bytes: number;
  items?: number;
  statuses: number[];
  note?: string;
  pass?: boolean;
  goalMs?: number;
  /** CPU time per request (load-independent, unlike the medians): the shop's process (PGlite inside it) and the shop's PostgreSQL backends. */
  cpuMsPerRequest?: { shop: number; postgres?: number };
}

async function sampleList(spec: ListSpec, what: ListResult['what'], url: string, note?: string, count = SAMPLES): Promise<ListResult> {
  const times: number[] = [];
  const statuses = new Set<number>();
  let bytes = 0;
  let items: number | undefined;
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    try {
      const answer = await getOnce(url, spec.token);
      times.push(answer.ms);
      statuses.add(answer.status);
      bytes = Math.max(bytes, answer.bytes);
      items = answer.items ?? items;
    } catch (error) {
      statuses.add(0);
      note = `${note ? `${note}; ` : ''}request failed: ${(error as Error).message}`;
      break;
    }
    if (performance.now() - started > SCENARIO_BUDGET_MS) {
      note = `${note ? `${note}; ` : ''}stopped after ${times.length} of ${count} (over ${SCENARIO_BUDGET_MS / 1000} s)`;
      break;
    }
  }
  const result: ListResult = {
    list: spec.name,
    what,
    url: url.replace(/^https?:\/\/[^/]+/, ''),
    samples: times.length,
    medianMs: median(times),
    p95Ms: percentile(times, 95),
    p99Ms: percentile(times, 99),
    bytes,
    items,
    statuses: [...statuses],
    note,
  };
  result.pass = result.samples > 0 && result.statuses.every((status) => status === 200) && result.medianMs <= (spec.goalMs ?? GOALS.listMs) && result.bytes <= GOALS.listBytes;
  result.goalMs = spec.goalMs;
  return result;
}

/** Follows the Link header with limit=100 up to DEEP_PAGES pages; answers the deepest page's address. */
async function walkDeep(shopUrl: string, spec: ListSpec): Promise<{ url?: string; page: number; seconds: number; note: string }> {
  const started = performance.now();
  let url = withQuery(`${shopUrl}${spec.path}`, { limit: PAGE_LIMIT });
  let page = 1;
  try {
    let answer = await getOnce(url, spec.token);
    if (answer.status !== 200) return { page, seconds: 0, note: `first page answered ${answer.status}` };
    while (page < DEEP_PAGES) {
      const next = nextLink(shopUrl, answer.link);
      if (!next) break;
      url = next;
      page += 1;
      answer = await getOnce(url, spec.token);
      if (answer.status !== 200) return { page, seconds: (performance.now() - started) / 1000, note: `page ${page} answered ${answer.status}` };
    }
  } catch (error) {
    return { page, seconds: (performance.now() - started) / 1000, note: `walk failed on page ${page}: ${(error as Error).message}` };
  }
  const seconds = (performance.now() - started) / 1000;
  if (page === 1) return { page, seconds, note: 'no next page (no Link header)' };
  return { url, page, seconds, note: page < DEEP_PAGES ? `page ${page} (end of list)` : `page ${page}` };
}

async function measureList(shopUrl: string, spec: ListSpec, log: (line: string) => void): Promise<ListResult[]> {
  const results: ListResult[] = [];
  results.push(await sampleList(spec, 'first page', `${shopUrl}${spec.path}`));
  log(`  ${spec.name}: first page ${ms(results.at(-1)!.medianMs)}, ${kb(results.at(-1)!.bytes)}`);
  if (spec.single) return results;
  const deep = await walkDeep(shopUrl, spec);
  log(`  ${spec.name}: walked to ${deep.note} in ${deep.seconds.toFixed(1)} s`);
  if (deep.url) {
    results.push(await sampleList(spec, 'deep page', deep.url, deep.note));
  } else {
    results.push({ list: spec.name, what: 'deep page', samples: 0, medianMs: Number.NaN, p95Ms: Number.NaN, p99Ms: Number.NaN, bytes: Number.NaN, statuses: [], note: deep.note, pass: false });
  }
  if (spec.q !== undefined) {
    results.push(await sampleList(spec, 'search', withQuery(`${shopUrl}${spec.path}`, { q: spec.q })));
    log(`  ${spec.name}: search ${ms(results.at(-1)!.medianMs)}, ${kb(results.at(-1)!.bytes)}`);
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Order search (issue 26, decision 028)

/**
 * What an owner types into Manage All Orders' search box, against the seeded shop's texts
 * (seed-growth.ts: "Voltline CT-1005 Pro Crimping Tool", "Grace Haddad", customer04242@example.test,
 * "517 Mill Street, Dover"): common and rare words inside a field, none, and one or two characters
 * (which match the start of the email, name or product).
 */
function orderSearchTerms(customers: number): { q: string; what: string }[] {
  return [
    { q: 'crimp', what: 'inside a product name (1 tool family in 16)' },
    { q: 'rill', what: 'inside a product name (Drill: 2 families in 16)' },
    { q: customerEmail(Math.min(4242, customers - 1)).slice(6, 13), what: "inside one customer's email" },
    { q: 'adda', what: 'inside a surname (Haddad: 1 in 50)' },
    { q: 'harbour st', what: 'inside an address (1 street in 12)' },
    { q: '517 mill', what: 'inside an address (a house number and street: rare)' },
    { q: 'xyzzy', what: 'no order' },
    { q: 'ma', what: 'two characters (start of a name: Maya, Marco)' },
    { q: 'zq', what: 'two characters, no order' },
    { q: 'k', what: 'one character (start of a name)' },
  ];
}

/** The first page of each term, among every order and among the cancelled ones. */
async function measureOrderSearch(shopUrl: string, admin: ApiSession, log: (line: string) => void): Promise<ListResult[]> {
  const results: ListResult[] = [];
  for (const status of [undefined, 'cancelled'] as const) {
    const spec: ListSpec = { name: `GET /api/adminPurchased?${status ? `status=${status}&` : ''}q=`, path: '/api/adminPurchased', token: admin.token };
    for (const term of orderSearchTerms(sizes.customers)) {
      const url = withQuery(`${shopUrl}${spec.path}`, { status, q: term.q });
      const result = await sampleList(spec, 'search', url, `"${term.q}": ${term.what}`, SEARCH_SAMPLES);
      results.push(result);
      log(`  ${status ?? 'all'} "${term.q}": median ${ms(result.medianMs)}, p99 ${ms(result.p99Ms)}, ${kb(result.bytes)}, ${result.items ?? '?'} orders`);
    }
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// CSV export

interface CsvResult {
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  rows: number;
  rssBeforeBytes: number;
  rssMaxBytes: number;
  rssGrowthBytes: number;
  note?: string;
  pass: boolean;
}

async function measureCsv(shopUrl: string, admin: ApiSession, pid: number): Promise<CsvResult> {
  const rssBefore = residentBytes(pid);
  let rssMax = rssBefore;
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, residentBytes(pid))), 200);
  const started = performance.now();
  let firstByteMs = Number.NaN;
  let bytes = 0;
  let newlines = 0;
  let status = 0;
  let note: string | undefined;
  try {
    const response = await fetch(`${shopUrl}/api/adminPurchased/export.csv`, {
      headers: { authorization: `Bearer ${admin.token}`, 'accept-encoding': 'identity' },
      signal: AbortSignal.timeout(15 * 60_000),
    });
    status = response.status;
    const reader = response.body?.getReader();
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += read.value.length;
      for (const byte of read.value) if (byte === 10) newlines += 1;
    }
  } catch (error) {
    note = `export failed: ${(error as Error).message}`;
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  rssMax = Math.max(rssMax, residentBytes(pid));
  const rssGrowthBytes = rssMax - rssBefore;
  return {
    status,
    firstByteMs,
    totalMs,
    bytes,
    rows: Math.max(0, newlines - 1),
    rssBeforeBytes: rssBefore,
    rssMaxBytes: rssMax,
    rssGrowthBytes,
    note,
    pass: status === 200 && !note && rssGrowthBytes <= GOALS.csvRssMb * 1024 * 1024,
  };
}

// ---------------------------------------------------------------------------------------------
// Order placement, and pgbench beside it

function findPgbench(): string | undefined {
  if (existsSync('/usr/bin/pgbench')) return '/usr/bin/pgbench';
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  return versions
    .map((version) => `/usr/lib/postgresql/${version}/bin/pgbench`)
    .filter((candidate) => existsSync(candidate))
    .sort()
    .at(-1);
}

interface PgbenchRun {
  tps: number;
  transactions: number;
  output: string;
}

function runPgbench(binary: string, url: string, scriptPath: string): Promise<PgbenchRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-n', '-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), '-f', scriptPath, url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
      const transactions = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1]);
      if (code !== 0 || !Number.isFinite(tps)) reject(new Error(`pgbench exited with ${code}:\n${output}`));
      else resolve({ tps, transactions, output });
    });
  });
}

/** Where the CPU time of one order went, in µs per order placed (from /proc, over the whole run). */
interface CpuPerOrder {
  shop: number;
  /** Every PostgreSQL process on the machine, so other work on the same server is counted too. */
  postgres?: number;
  /** This process: autocannon, the HTTP client placing the orders. */
  benchClient: number;
  /** Every core of the machine, whatever ran on it (other work included). */
  machine: number;
  /** Cores busy during the run, of cpus().length. */
  coresBusy: number;
}

interface PlacementResult {
  /** Order placement on its own: the latency goal. */
  orders: Measurement;
  cpu: CpuPerOrder;
  loadAverage: number;
  /**
   * PostgreSQL: pgbench's one-row INSERT rate at the same concurrency on the same server in the
   * same run, just before or after the orders; the goal's ratio is orders/s ÷ INSERT/s, each on
   * its own. Then both at once, for information only: on a 2-core machine 50 pgbench backends
   * and pgbench itself take most of the CPU from the shop's one Node process, so that ratio shows
   * the scheduler's share, not the shop's cost per order.
   */
  pgbench?: {
    aloneTps: number;
    /** Orders/s ÷ pgbench tps, each alone, in this run (the goal's ratio). */
    ratio: number;
    besideTps: number;
    ordersBeside: Measurement;
    /** Orders/s ÷ pgbench tps measured at the same time (information). */
    ratioBeside: number;
    pass: boolean;
  };
  pgbenchSkipped?: string;
  pass: boolean;
}

async function placeOrdersMeasured(shopUrl: string, scenario: Scenario, shopPid: number, postgresLocal: boolean): Promise<{ orders: Measurement; cpu: CpuPerOrder }> {
  const before = { shop: cpuMsOf(shopPid), client: process.cpuUsage(), postgres: postgresLocal ? postgresCpuMs() : 0, machine: machineBusyMs() };
  const started = performance.now();
  const orders = await measure(shopUrl, scenario, { connections: CONNECTIONS, seconds: SECONDS });
  const elapsedMs = performance.now() - started;
  const client = process.cpuUsage(before.client);
  const placed = Math.max(1, orders.requestsPerSecond * SECONDS);
  const perOrder = (cpuMs: number) => Math.round((cpuMs * 1000) / placed);
  const machineMs = machineBusyMs() - before.machine;
  return {
    orders,
    cpu: {
      shop: perOrder(cpuMsOf(shopPid) - before.shop),
      ...(postgresLocal ? { postgres: perOrder(postgresCpuMs() - before.postgres) } : {}),
      benchClient: perOrder((client.user + client.system) / 1000),
      machine: perOrder(machineMs),
      coresBusy: Number((machineMs / elapsedMs).toFixed(2)),
    },
  };
}

async function measurePlacement(shopUrl: string, shopPid: number, customer: ApiSession, tool: Tool, databaseUrl: string | undefined): Promise<PlacementResult> {
  const scenario = orderScenario(customer, tool);
  const loadAverage = loadavg()[0]!;
  const postgresLocal = databaseUrl !== undefined && ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(databaseUrl).hostname);
  const { orders, cpu } = await placeOrdersMeasured(shopUrl, scenario, shopPid, postgresLocal);
  const pass = orders.p50 <= GOALS.orderMs && orders.non2xx === 0 && orders.errors === 0;
  const pgbench = findPgbench();
  if (!databaseUrl || !pgbench) {
    return {
      orders,
      cpu,
      loadAverage,
      pgbenchSkipped: !databaseUrl
        ? 'the database is PGlite (pgbench needs PostgreSQL)'
        : 'pgbench not found (/usr/bin/pgbench, /usr/lib/postgresql/*/bin/pgbench)',
      pass,
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    'create table if not exists growth_pgbench_scratch (id bigserial primary key, note text not null, at timestamptz not null default now())',
  );
  await client.end();
  const scratchDir = mkdtempSync(path.join(tmpdir(), 'voltline-pgbench-'));
  const script = path.join(scratchDir, 'one-insert.sql');
  writeFileSync(script, "insert into growth_pgbench_scratch (note) values ('one row');\n");
  try {
    const alone = await runPgbench(pgbench, databaseUrl, script);
    const [beside, ordersBeside] = await Promise.all([
      runPgbench(pgbench, databaseUrl, script),
      measure(shopUrl, scenario, { connections: CONNECTIONS, seconds: SECONDS }),
    ]);
    const ratio = orders.requestsPerSecond / alone.tps;
    return {
      orders,
      cpu,
      loadAverage,
      pgbench: {
        aloneTps: alone.tps,
        ratio,
        besideTps: beside.tps,
        ordersBeside,
        ratioBeside: ordersBeside.requestsPerSecond / beside.tps,
        pass: ratio >= GOALS.pgbenchRatio,
      },
      pass,
    };
  } finally {
    rmSync(scratchDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Pages in Chromium

interface PageResult {
  page: string;
  path: string;
  runsMs: (number | null)[];
  medianMs: number;
  rows?: number;
  note?: string;
  /** Page errors and console errors seen on the page. */
  problems: string[];
  pass: boolean;
}

const PAGES: { page: string; path: string; selector: string }[] = [
  { page: 'Home (tool cards)', path: '/', selector: '[data-testid="tool-card"]' },
  { page: 'Manage All Orders (order rows)', path: '/dashboard/manageorders', selector: '[data-testid="order-row"]' },
  { page: 'Make Admin (user rows)', path: '/dashboard/makeadmin', selector: 'main table tbody tr' },
];

/**
 * Each page's time from navigation start until the first frame after its rows are in the DOM,
 * recorded by a MutationObserver installed before the app's own scripts run.
 */
async function measurePages(browser: Browser, shopUrl: string, pages: typeof PAGES = PAGES): Promise<PageResult[]> {
  const context = await browser.newContext({ baseURL: shopUrl, viewport: { width: 1280, height: 900 } });
  try {
    await signInInContext(context, shopUrl, ADMIN.email, ADMIN.password);
    // A string, not a function: tsx would wrap a function's inner helpers in `__name()`, which the page lacks.
    await context.addInitScript(`(() => {
      const selectors = ${JSON.stringify(pages.map((page) => page.selector))};
      const drawn = (window.__rowsDrawn = {});
      new MutationObserver(() => {
        for (const selector of selectors) {
          if (drawn[selector] === undefined && document.querySelector(selector)) {
            drawn[selector] = -1;
            requestAnimationFrame(() => (drawn[selector] = performance.now()));
          }
        }
      }).observe(document, { childList: true, subtree: true });
    })();`);
    const results: PageResult[] = [];
    for (const target of pages) {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
      const runsMs: (number | null)[] = [];
      let rows: number | undefined;
      let note: string | undefined;
      for (let run = 0; run < BROWSER_RUNS; run += 1) {
        try {
          await page.goto(target.path, { waitUntil: 'commit', timeout: PAGE_TIMEOUT_MS });
          // A function (run through the debugger protocol): the shop's CSP refuses string evaluation.
          const handle = await page.waitForFunction(
            (selector) => {
              const at = (window as unknown as { __rowsDrawn?: Record<string, number> }).__rowsDrawn?.[selector];
              return at !== undefined && at >= 0 ? at : null;
            },
            target.selector,
            { timeout: PAGE_TIMEOUT_MS, polling: 50 },
          );
          runsMs.push(Number(await handle.jsonValue()));
          rows = await page.locator(target.selector).count();
        } catch (error) {
          runsMs.push(null);
          note = /Timeout/i.test(String(error))
            ? `did not draw in ${PAGE_TIMEOUT_MS / 1000} s`
            : `failed: ${(error as Error).message.split('\n')[0]!.slice(0, 120)}`;
          if (problems[0]) note += ` (${problems[0].slice(0, 120)})`;
          const shot = path.join(resultsDir, `growth-${target.path === '/' ? 'home' : path.basename(target.path)}.png`);
          await page.screenshot({ path: shot }).catch(() => undefined);
          note += `; screenshot ${path.relative(repoRoot, shot)}`;
          break;
        }
      }
      await page.close();
      const drawnRuns = runsMs.filter((value): value is number => value !== null);
      const medianMs = drawnRuns.length === runsMs.length ? median(drawnRuns) : Number.NaN;
      results.push({
        page: target.page,
        path: target.path,
        runsMs,
        medianMs,
        rows,
        note,
        problems: problems.slice(0, 5),
        pass: Number.isFinite(medianMs) && medianMs <= GOALS.drawMs,
      });
    }
    return results;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Everything else, and the table

interface TheRest {
  listResults: ListResult[];
  csv: CsvResult;
  pages: PageResult[];
  placement: PlacementResult;
}

/** A tool's Stock history with sizes.movements movements (issue 37): newest first, and deep into it. */
const stockHistory = (admin: ApiSession): ListSpec => ({
  name: `GET /api/admin/tools/{id}/stock-moves (${sizes.movements} movements)`,
  path: `/api/admin/tools/${LEDGER_TOOL_ID}/stock-moves`,
  token: admin.token,
  goalMs: GOALS.stockHistoryMs,
});

/**
 * After the sale (issue 38): the returns lists of a trade customer who returned a unit of every
 * shipped order and of admins (all, and one status), an order's parcels, and Manage All Orders'
 * search by a serial number shipped halfway through the two years.
 */
async function afterSaleLists(shopUrl: string, admin: ApiSession): Promise<ListSpec[]> {
  const returner = await signInOverHttp(shopUrl, customerEmail(TRADE_RETURNS_CUSTOMER), CUSTOMER_PASSWORD);
  const orders: Order[] = (await returner.call('GET', `/api/purchased?limit=${PAGE_LIMIT}`)).body;
  const shipped = orders.find((order) => order.delivery === 'shipped');
  if (!shipped) throw new Error(`${customerEmail(TRADE_RETURNS_CUSTOMER)} has no shipped order on the first page of their orders`);
  const parcels = Math.round(sizes.orders * 0.85);
  const serial = growthSerial(Math.max(SERIAL_EVERY, Math.round(parcels / 2 / SERIAL_EVERY) * SERIAL_EVERY));
  return [
    { name: `GET /api/returns (trade customer ${customerEmail(TRADE_RETURNS_CUSTOMER)})`, path: '/api/returns', token: returner.token, goalMs: GOALS.afterSaleListMs },
    { name: 'GET /api/admin/returns', path: '/api/admin/returns', token: admin.token, goalMs: GOALS.afterSaleListMs },
    { name: 'GET /api/admin/returns?status=requested', path: '/api/admin/returns?status=requested', token: admin.token, goalMs: GOALS.afterSaleListMs },
    { name: "GET /api/purchasedSingle/{id}/shipments (a trade order's parcels)", path: `/api/purchasedSingle/${shipped._id}/shipments`, token: returner.token, single: true, goalMs: GOALS.afterSaleListMs },
    { name: `GET /api/adminPurchased?q=${serial} (search by serial number)`, path: `/api/adminPurchased?q=${serial}`, token: admin.token, single: true },
  ];
}

// ---------------------------------------------------------------------------------------------
// The catalogue at 50,000 tools (issue 40, GROWTH_ONLY=catalogue)

/** The `filter=` of the attribute named `name` among a category's own. */
function filterOn(category: CategoryNode, name: string, value: string): string {
  const attribute = category.attributes.find((candidate) => candidate.name === name);
  if (!attribute) throw new Error(`${category.slug} has no specification ${name}`);
  return `${attribute._id}:${value}`;
}

function searchPath(params: { category?: string; q?: string; filter?: string[]; inStock?: boolean; minPrice?: string; limit?: string }): string {
  const query = new URLSearchParams({ limit: params.limit ?? '48' });
  if (params.category) query.set('category', params.category);
  if (params.q) query.set('q', params.q);
  if (params.minPrice) query.set('minPrice', params.minPrice);
  for (const filter of params.filter ?? []) query.append('filter', filter);
  if (params.inStock) query.set('inStock', 'true');
  return `/api/tools/search?${query.toString()}`;
}

/**
 * The searches the goal names (two filters, a range and a search word, with every facet counted)
 * on a top category (its 29 subcategories: a tenth of the catalogue, 8 facets) and on one
 * subcategory (16 facets: its own and its parent's), with a typo, and the top category unfiltered.
 */
async function catalogueSearches(shopUrl: string): Promise<{ lists: ListSpec[]; pages: typeof PAGES }> {
  const tree = (await (await fetch(`${shopUrl}/api/categories`)).json()) as CategoryNode[];
  const top = tree.find((node) => node.slug === topSlug(0));
  const sub = top?.children?.find((node) => node.slug === subSlug(0, 0));
  if (!top || !sub) throw new Error(`The seeded categories ${topSlug(0)} and ${subSlug(0, 0)} are missing`);
  const goalMs = GOALS.catalogueSearchMs[kind];
  const topFilters = [filterOn(top, 'Power source', '18 V battery'), filterOn(top, 'Colour', 'Blue'), filterOn(top, 'Voltage', '15..30')];
  const subFilters = [filterOn(sub, 'Kit', 'Bare'), filterOn(top, 'Power source', '18 V battery'), filterOn(sub, 'Torque', '150..')];
  const lists: ListSpec[] = [
    { name: `${top.slug}: 2 choices, a range, "driver"`, path: searchPath({ category: top.slug, q: 'driver', filter: topFilters }), single: true, goalMs },
    { name: `${top.slug}: 2 choices, a range, "impakt" (a typo)`, path: searchPath({ category: top.slug, q: 'impakt', filter: topFilters }), single: true, goalMs },
    { name: `${top.slug}: 2 choices, a range, "driver", in stock`, path: searchPath({ category: top.slug, q: 'driver', filter: topFilters, inStock: true }), single: true, goalMs },
    { name: `${top.slug}: no filter`, path: searchPath({ category: top.slug }), single: true, goalMs },
    { name: `${sub.slug}: 2 choices, a range, "driver"`, path: searchPath({ category: sub.slug, q: 'driver', filter: subFilters }), single: true, goalMs },
    // The whole catalogue as /tools asks it (issue 40, item 5): its page of 24 with the top categories counted, beside the cached list it read before.
    { name: 'whole catalogue: the cached list /tools read before (GET /getTools)', path: '/api/getTools?limit=24', single: true, goalMs },
    { name: 'whole catalogue: no filter, top categories counted', path: searchPath({ limit: '24' }), single: true, goalMs },
    { name: 'whole catalogue: "driver", in stock, from 50', path: searchPath({ limit: '24', q: 'driver', inStock: true, minPrice: '50' }), single: true, goalMs },
  ];
  const filtered = new URLSearchParams();
  for (const filter of topFilters) filtered.append('filter', filter);
  const pages = [
    { page: 'Category page, filtered (tool cards)', path: `/tools/c/${top.slug}?${filtered.toString()}`, selector: '[data-testid="tool-card"]' },
    { page: 'Category page (tool cards)', path: `/tools/c/${sub.slug}`, selector: '[data-testid="tool-card"]' },
    { page: 'Catalogue page, in stock, from 50 (tool cards)', path: '/tools?inStock=true&minPrice=50', selector: '[data-testid="tool-card"]' },
  ];
  return { lists, pages };
}

/** CPU time (ms) of the PostgreSQL backends serving `databaseUrl`'s database now (the shop's pool), read from /proc. */
async function backendsCpuMs(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows.reduce((total, row) => total + cpuMsOf(row.pid), 0);
  } finally {
    await client.end();
  }
}

/** Each search's samples, with the CPU time each request cost the shop (and its PostgreSQL backends). */
async function measureWithCpu(shopUrl: string, pid: number, databaseUrl: string | undefined, specs: ListSpec[]): Promise<ListResult[]> {
  const results: ListResult[] = [];
  for (const spec of specs) {
    const [shopBefore, postgresBefore] = [cpuMsOf(pid), databaseUrl ? await backendsCpuMs(databaseUrl) : 0];
    const result = await sampleList(spec, 'first page', `${shopUrl}${spec.path}`);
    const perRequest = (before: number, after: number) => Math.round(((after - before) / Math.max(1, result.samples)) * 10) / 10;
    result.cpuMsPerRequest = { shop: perRequest(shopBefore, cpuMsOf(pid)), ...(databaseUrl ? { postgres: perRequest(postgresBefore, await backendsCpuMs(databaseUrl)) } : {}) };
    log(`  ${spec.name}: median ${ms(result.medianMs)}, ${kb(result.bytes)}, CPU per request ${JSON.stringify(result.cpuMsPerRequest)}`);
    results.push(result);
  }
  return results;
}

async function measureLists(shopUrl: string, specs: ListSpec[]): Promise<ListResult[]> {
  const results: ListResult[] = [];
  for (const spec of specs) results.push(...(await measureList(shopUrl, spec, log)));
  return results;
}

/** Every list, the CSV export, the pages in Chromium and order placement: what GROWTH_ONLY=order-search skips. */
async function measureTheRest(running: RunningShop, admin: ApiSession, stamp: string, databaseUrl: string | undefined): Promise<TheRest> {
  const shopUrl = running.url;
  const shopProcess = running.process;
  const shopOutput = () => running.output();
  const pid = shopProcess.pid!;
  const tradeEmail = customerEmail(7);
  const trade = await signInOverHttp(shopUrl, tradeEmail, CUSTOMER_PASSWORD);
  const buyer = await signInOverHttp(shopUrl, `growth-buyer-${stamp}@example.com`, 'Buyer#2026', { signUpAs: 'Growth Buyer' });
  const toolsAnswer = await buyer.call('GET', `/api/getTools?limit=${PAGE_LIMIT}`);
  const tools: Tool[] = toolsAnswer.body;
  const tool = tools.reduce((best, candidate) => (candidate.availableQuantity > best.availableQuantity ? candidate : best));

  const lists: ListSpec[] = [
    { name: 'GET /api/getTools', path: '/api/getTools', q: 'angle grinder' },
    { name: 'GET /api/getTools?sort=price-asc', path: '/api/getTools?sort=price-asc' },
    { name: 'GET /api/adminGetTools', path: '/api/adminGetTools', token: admin.token, q: 'voltline ws-1' },
    { name: 'GET /api/review', path: '/api/review', q: 'Elena' },
    { name: 'GET /api/adminPurchased', path: '/api/adminPurchased', token: admin.token, q: customerEmail(Math.floor(sizes.customers / 10) + 42) },
    { name: 'GET /api/adminPurchased?delivery=pending', path: '/api/adminPurchased?delivery=pending', token: admin.token, q: 'Maya' },
    { name: 'GET /api/adminPurchased?status=unpaid', path: '/api/adminPurchased?status=unpaid', token: admin.token },
    { name: 'GET /api/allUsers', path: '/api/allUsers', token: admin.token, q: 'customer0424' },
    { name: `GET /api/purchased (trade customer ${tradeEmail})`, path: '/api/purchased', token: trade.token, q: 'Voltline HD' },
    stockHistory(admin),
    ...(await afterSaleLists(shopUrl, admin)),
    // Not a list, but Manage All Orders draws it beside the orders, from the same two years of them.
    { name: 'GET /api/adminOverview (30 days, low stock)', path: '/api/adminOverview', token: admin.token, single: true },
  ];
  log(`lists: ${SAMPLES} sequential requests each (first page, deep page, search)`);
  const listResults: ListResult[] = [];
  for (const spec of lists) {
    if (shopProcess.exitCode !== null) throw new Error(`The shop stopped during the list measurements:\n${shopOutput().slice(-4000)}`);
    listResults.push(...(await measureList(shopUrl, spec, log)));
  }

  log('CSV export of every order');
  const csv = await measureCsv(shopUrl, admin, pid);
  log(`  CSV: ${csv.rows} rows, ${mb(csv.bytes)} in ${ms(csv.totalMs)}, RSS +${mb(csv.rssGrowthBytes)}`);

  // Pages before the order storm: afterwards the shop is still sending the mails of the orders just
  // placed (on PGlite's one connection for a minute or more), which is not how a back office opens.
  log('pages in Chromium');
  browser = await launchBrowser();
  const pages = await measurePages(browser, shopUrl);

  log(`order placement: ${CONNECTIONS} connections for ${SECONDS} s${kind === 'postgres' ? ', pgbench beside it' : ''}`);
  const placement = await measurePlacement(shopUrl, pid, buyer, tool, databaseUrl);
  return { listResults, csv, pages, placement };
}

function listRows(results: ListResult[]): [string, string, string, string][] {
  return results.map((result) => {
    const value =
      result.samples === 0
        ? (result.note ?? 'not measured')
        : `median ${ms(result.medianMs)}, p95 ${ms(result.p95Ms)}, p99 ${ms(result.p99Ms)}, ${kb(result.bytes)}${result.items === undefined ? '' : `, ${result.items} items`}` +
          `${result.statuses.some((status) => status !== 200) ? `, HTTP ${result.statuses.join('/')}` : ''}` +
          `${result.note && (result.what === 'deep page' || result.url?.includes('q=')) ? ` [${result.note}]` : ''}` +
          `${result.cpuMsPerRequest ? `; CPU per request: shop ${result.cpuMsPerRequest.shop} ms${result.cpuMsPerRequest.postgres === undefined ? ' (PGlite inside it)' : `, PostgreSQL ${result.cpuMsPerRequest.postgres} ms`}` : ''}`;
    return [`${result.list} — ${result.what}`, value, `<= ${result.goalMs ?? GOALS.listMs} ms, <= 256 KB`, verdict(result.pass)];
  });
}

/** The table's rows for the CSV export, order placement and the pages. */
function restRows({ csv, placement, pages }: TheRest): [string, string, string, string][] {
  const rows: [string, string, string, string][] = [];
  rows.push([
    'CSV export (all orders)',
    csv.status === 200
      ? `${csv.rows} rows, ${mb(csv.bytes)}, first byte ${ms(csv.firstByteMs)}, total ${ms(csv.totalMs)}, server RSS ${mb(csv.rssBeforeBytes)} +${mb(csv.rssGrowthBytes)}`
      : `HTTP ${csv.status}${csv.note ? `, ${csv.note}` : ''}`,
    `streamed, RSS growth <= ${GOALS.csvRssMb} MB`,
    verdict(csv.pass),
  ]);
  const orders = placement.orders;
  const cpu = placement.cpu;
  rows.push([
    `POST /api/purchased, ${CONNECTIONS} connections`,
    `median ${orders.p50} ms, p97.5 ${orders.p95} ms, ${orders.requestsPerSecond} orders/s, errors ${orders.errors}, non-2xx ${orders.non2xx} (load average ${placement.loadAverage.toFixed(1)})`,
    `median <= ${GOALS.orderMs} ms`,
    verdict(placement.pass),
  ]);
  rows.push([
    'CPU per order placed (µs)',
    `shop ${cpu.shop}${cpu.postgres === undefined ? ' (PGlite inside it)' : `, PostgreSQL ${cpu.postgres}`}, bench client ${cpu.benchClient}; machine ${cpu.machine} (${cpu.coresBusy} of ${cpus().length} cores busy)`,
    '-',
    '-',
  ]);
  if (placement.pgbench) {
    const bench = placement.pgbench;
    rows.push([
      'orders/s ÷ pgbench one-row INSERT tps, each alone in this run',
      `${orders.requestsPerSecond} / ${Math.round(bench.aloneTps)} = ${bench.ratio.toFixed(2)}`,
      `>= ${GOALS.pgbenchRatio}`,
      verdict(bench.pass),
    ]);
    rows.push([
      'the same, both at the same time (information)',
      `${bench.ordersBeside.requestsPerSecond} / ${Math.round(bench.besideTps)} = ${bench.ratioBeside.toFixed(2)} (orders median ${bench.ordersBeside.p50} ms)`,
      '-',
      '-',
    ]);
  } else {
    rows.push(['orders/s ÷ pgbench one-row INSERT tps', `skipped: ${placement.pgbenchSkipped}`, `>= ${GOALS.pgbenchRatio}`, '-']);
  }
  return [...rows, ...pageRows(pages)];
}

/** The table's rows for pages drawn in Chromium. */
function pageRows(pages: PageResult[]): [string, string, string, string][] {
  return pages.map((page) => {
    const runs = page.runsMs.map((value) => (value === null ? '—' : String(Math.round(value)))).join(' / ');
    return [
      `${page.page} ${page.path}`,
      page.note ? `${page.note} (runs: ${runs} ms)` : `rows drawn: median ${ms(page.medianMs)} (runs: ${runs} ms), ${page.rows} rows`,
      `<= ${GOALS.drawMs} ms`,
      verdict(page.pass),
    ];
  });
}

// ---------------------------------------------------------------------------------------------
// The fresh database

interface FreshDatabase {
  url?: string;
  dataDir?: string;
  label: string;
  drop(): Promise<void>;
}

async function freshDatabase(stamp: string): Promise<FreshDatabase> {
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'voltline-growth-'));
    return {
      dataDir,
      label: `PGlite data dir ${dataDir}`,
      async drop() {
        if (KEEP) console.log(`Kept the PGlite data dir ${dataDir} (BENCH_KEEP=1).`);
        else rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `voltline_growth_${stamp}`;
  const maintenance = new pg.Client({ connectionString: serverUrl });
  await maintenance.connect();
  await maintenance.query(`create database ${name}`);
  await maintenance.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    label: `PostgreSQL database ${name}`,
    async drop() {
      if (KEEP) {
        console.log(`Kept the database ${url.href} (BENCH_KEEP=1).`);
        return;
      }
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Report

function printTable(rows: [string, string, string, string][]): void {
  const header: [string, string, string, string] = ['measurement', 'result', 'goal', 'pass'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd();
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(format(row));
}

const verdict = (pass: boolean | undefined) => (pass ? 'yes' : 'NO');

// ---------------------------------------------------------------------------------------------

let shop: RunningShop | undefined;
let browser: Browser | undefined;
let database: FreshDatabase | undefined;
let webDist: string | undefined;
let cleaningUp: Promise<void> | undefined;

function cleanUp(): Promise<void> {
  cleaningUp ??= (async () => {
    await browser?.close().catch((error: unknown) => console.error('Could not close Chromium:', error));
    await shop?.stop().catch((error: unknown) => console.error('Could not stop the shop:', error));
    await database?.drop().catch((error: unknown) => console.error('Could not drop the database:', error));
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  })();
  return cleaningUp;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

const log = (line: string) => console.log(`[growth ${new Date().toISOString().slice(11, 19)}] ${line}`);

try {
  // The shop serves its own copy of the web build: a rebuild of apps/web/dist during the run
  // (another checkout task, a test run) would otherwise swap the assets under the browser.
  const builtWeb = path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(builtWeb, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run bench:growth` (it builds first).');
  webDist = mkdtempSync(path.join(tmpdir(), 'voltline-growth-web-'));
  cpSync(builtWeb, webDist, { recursive: true });
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  database = await freshDatabase(stamp);
  log(`${database.label}; seeding ${JSON.stringify(ONLY_CATALOGUE ? catalogue : sizes)} (GROWTH_SCALE=${SCALE})`);
  const target = database.url ? ({ kind: 'postgres', url: database.url } as const) : ({ kind: 'pglite', dataDir: database.dataDir! } as const);
  const seed: SeedReport | CatalogueSeedReport = ONLY_CATALOGUE ? await seedCatalogue(target, catalogue, log) : await seedGrowth(target, sizes, log);

  shop = await startShop({
    ...(database.dataDir ? { dataDir: database.dataDir } : {}),
    env: {
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'error',
      AUTH_RATE_LIMIT_MAX: '100000',
      ORDER_RATE_LIMIT_PER_MINUTE: '100000000',
      // The bench reads deep pages and searches back to back from one address, as no visitor would.
      PUBLIC_UNCACHED_READS_PER_SECOND: '0',
      SHOP_ADMIN_EMAIL: ADMIN.email,
      SHOP_ADMIN_PASSWORD: ADMIN.password,
    },
  });
  const pid = shop.process.pid!;
  log(`shop on ${shop.url} (pid ${pid}, RSS ${mb(residentBytes(pid))})`);

  const admin = await signInOverHttp(shop.url, ADMIN.email, ADMIN.password);
  const catalogueOnly = ONLY_CATALOGUE ? await catalogueSearches(shop.url) : undefined;
  const onlyLists = ONLY_STOCK_HISTORY ? [stockHistory(admin)] : ONLY_AFTER_SALE ? await afterSaleLists(shop.url, admin) : catalogueOnly?.lists;
  const historyOnly = catalogueOnly ? await measureWithCpu(shop.url, pid, database.url, catalogueOnly.lists) : onlyLists ? await measureLists(shop.url, onlyLists) : undefined;
  if (catalogueOnly) log('category pages in Chromium');
  const drawnOnly = catalogueOnly ? await measurePages((browser = await launchBrowser()), shop.url, catalogueOnly.pages) : [];
  if (!historyOnly) log(`order search: ${SEARCH_SAMPLES} sequential requests per term, every order and the cancelled ones`);
  const orderSearch = historyOnly ? [] : await measureOrderSearch(shop.url, admin, log);
  const rest = ONLY_ORDER_SEARCH || historyOnly ? undefined : await measureTheRest(shop, admin, stamp, database.url);

  const rows = [...listRows(rest?.listResults ?? historyOnly ?? []), ...listRows(orderSearch), ...(rest ? restRows(rest) : []), ...pageRows(drawnOnly)];
  const seeded = ONLY_CATALOGUE
    ? `${catalogue.tools} tools in ${seed.counts.categories} categories, ${seed.counts.tool_specifications} specification values`
    : `${sizes.tools} tools, ${sizes.customers} customers, ${sizes.orders} orders, ${sizes.reviews} reviews, ${sizes.movements} stock movements of one tool`;
  console.log(
    `\nGrowth benchmark — ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${seeded}` +
      ` (seeded in ${seed.seconds.total.toFixed(0)} s); ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}\n`,
  );
  printTable(rows);

  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `growth-${kind}-${stamp.slice(0, 8)}-${stamp.slice(8)}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        database: kind,
        scale: SCALE,
        sizes,
        seed,
        settings: { samples: SAMPLES, searchSamples: SEARCH_SAMPLES, deepPages: DEEP_PAGES, pageLimit: PAGE_LIMIT, browserRuns: BROWSER_RUNS, connections: CONNECTIONS, seconds: SECONDS },
        machine: { cores: cpus().length, loadAverage: loadavg() },
        goals: GOALS,
        orderSearch,
        ...(rest
          ? { lists: rest.listResults, csv: rest.csv, placement: rest.placement, pages: rest.pages }
          : historyOnly
            ? { only: ONLY_CATALOGUE ? 'catalogue' : ONLY_AFTER_SALE ? 'after-sale' : 'stock-history', lists: historyOnly, ...(ONLY_CATALOGUE ? { pages: drawnOnly } : {}) }
            : { only: 'order-search' }),
        git: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim(),
      },
      null,
      2,
    ),
  );
  console.log(`\nWritten to ${path.relative(repoRoot, file)}`);
} finally {
  await cleanUp();
}
