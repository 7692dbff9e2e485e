// `npm run bench:web`: what the storefront costs a browser. Builds the SPA (npm script), then
//  1. the gzip (and brotli) size of the JS and CSS the home route loads at first paint — the entry
//     script, its modulepreloads and stylesheets, read from dist/index.html — and every lazy chunk;
//  2. Lighthouse (performance, accessibility, best practices, SEO; LCP, CLS, TBT) on `/`, a tool's
//     public page `/tools/{toolId}`, `/login` and the tool's `/purchase/{toolId}` page, against the real
//     server on a free port with a fresh data dir. Per page it also gives the gzip size of every script
//     Chromium fetched before the page went quiet (Lighthouse waits for network and CPU idle): the
//     figure of the "home route JS" goal, whatever index.html, the server's HTML or the app's code ask for.
//  3. the largest contentful paint in Chromium with a phone's limits applied for real (issue 30): CDP
//     network conditions (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up) and 4× CPU throttling, a
//     412 px wide screen, a cold cache (a new browser context per load); the median of 3 loads of `/`,
//     `/tools/{id}`, `/tools`, a seeded category's page `/tools/c/drills-and-drivers` (issue 40), `/login`
//     and `/purchase/{id}` signed in.
// Lighthouse uses its mobile defaults (Moto G Power viewport, simulated slow 4G, 4× CPU slowdown);
// WEB_BENCH_FORM_FACTOR=desktop switches to its desktop config. WEB_BENCH_LIGHTHOUSE=0 measures sizes
// and the throttled loads only.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { launchBrowser } from '@voltline/test-kit/browser';
import type { Tool } from '@voltline/shared/tool';
import { signInOverHttp } from '@voltline/test-kit/api-client';
import { startShop, type RunningShop } from '@voltline/test-kit/shop-server';

const repoRoot = path.resolve(import.meta.dirname, '..');
// WEB_DIST_DIR (as the server reads it) measures and serves a copy of the build kept elsewhere, which
// a rebuild in the working tree during the run cannot change (then run `tsx bench/web-bench.ts`).
const distDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist');
const formFactor = process.env.WEB_BENCH_FORM_FACTOR === 'desktop' ? 'desktop' : 'mobile';
const resultsDir = path.join(repoRoot, 'bench/results');
/** A category every new shop has (apps/server/src/seed/seed-categories.ts), with a subcategory's filters. */
const SEEDED_CATEGORY = 'drills-and-drivers';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// ---------------------------------------------------------------------------------------------
// 1. Bundle sizes

interface AssetSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

function sizeOf(file: string): AssetSize {
  const content = readFileSync(path.join(distDir, file));
  return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length, brotli: brotliCompressSync(content).length };
}

/** The files index.html makes the browser fetch before the app runs: entry script, modulepreloads, stylesheets. */
function firstPaintAssets(): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isEntry = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreloadOrStyle = /rel="(modulepreload|stylesheet)"/.test(tag);
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isEntry || isPreloadOrStyle) && url?.startsWith('/assets/')) files.add(url.slice(1));
  }
  return [...files];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printSizes(title: string, assets: AssetSize[]): void {
  console.log(`\n${title}`);
  const width = Math.max(...assets.map((asset) => asset.file.length), 5);
  console.log(`${'file'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}  ${'brotli'.padStart(9)}`);
  for (const asset of assets) {
    console.log(`${asset.file.padEnd(width)}  ${kb(asset.raw).padStart(9)}  ${kb(asset.gzip).padStart(9)}  ${kb(asset.brotli).padStart(9)}`);
  }
}

function total(assets: AssetSize[]): AssetSize {
  return assets.reduce((sum, asset) => ({ file: 'total', raw: sum.raw + asset.raw, gzip: sum.gzip + asset.gzip, brotli: sum.brotli + asset.brotli }), {
    file: 'total',
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
}

function measureBundles() {
  const initial = firstPaintAssets().map(sizeOf);
  const js = initial.filter((asset) => asset.file.endsWith('.js'));
  const css = initial.filter((asset) => asset.file.endsWith('.css'));
  const initialFiles = new Set(initial.map((asset) => asset.file));
  const lazy = readdirSync(path.join(distDir, 'assets'))
    .map((name) => `assets/${name}`)
    .filter((file) => /\.(js|css)$/.test(file) && !initialFiles.has(file))
    .map(sizeOf)
    .sort((a, b) => b.gzip - a.gzip);

  printSizes('Home route, first paint (dist/index.html: entry, modulepreloads, stylesheets; gzip -9, brotli q11)', [
    ...js,
    { ...total(js), file: 'JS total' },
    ...css,
    { ...total(css), file: 'CSS total' },
  ]);
  printSizes('Lazy chunks (loaded on demand)', lazy);
  return { js: { files: js, total: total(js) }, css: { files: css, total: total(css) }, lazy };
}

// ---------------------------------------------------------------------------------------------
// 2. Lighthouse

interface PageRun {
  name: string;
  /** The report is written to bench/results/lighthouse-{slug}.json. */
  slug: string;
  url: string;
  headers?: Record<string, string>;
}

interface PageScore {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** JS and CSS the page actually fetched (bytes on the wire, as the server compressed them). */
  scriptBytes: number;
  styleBytes: number;
  /** Every script the page fetched from the shop's build, gzip -9 (as the bundle table counts them). */
  scriptGzip: number;
  /** Audits below a full score in the four categories: what to look at next. */
  flagged: string[];
  /** For the signed-in page: what the page showed, to confirm it rendered signed in. */
  heading?: string;
}

const score = (result: Result, category: string) => Math.round((result.categories[category]?.score ?? 0) * 100);
const numeric = (result: Result, audit: string) => result.audits[audit]?.numericValue ?? Number.NaN;

function flaggedAudits(result: Result): string[] {
  const flagged: string[] = [];
  for (const category of ['performance', 'accessibility', 'best-practices', 'seo']) {
    for (const ref of result.categories[category]?.auditRefs ?? []) {
      const audit = result.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') continue;
      flagged.push(`${category}: ${audit.id} (${audit.displayValue ?? `score ${audit.score}`})`);
    }
  }
  return flagged;
}

function requestsOf(result: Result, resourceType: string) {
  const details = result.audits['network-requests']?.details;
  if (!details || details.type !== 'table') return [];
  return details.items.filter((item) => item.resourceType === resourceType);
}

function transferredBytes(result: Result, resourceType: string): number {
  return requestsOf(result, resourceType).reduce((sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0), 0);
}

/** The gzip -9 size of the build's scripts the page fetched (whatever compression the server chose). */
function scriptGzipBytes(result: Result): number {
  const files = new Set<string>();
  for (const item of requestsOf(result, 'Script')) {
    const pathname = typeof item.url === 'string' ? new URL(item.url).pathname : '';
    if (pathname.startsWith('/assets/')) files.add(pathname.slice(1));
  }
  return [...files].reduce((sum, file) => sum + sizeOf(file).gzip, 0);
}

async function runLighthouse(port: number, page: PageRun): Promise<PageScore> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    ...(page.headers ? { extraHeaders: page.headers } : {}),
  };
  const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
  // Lighthouse sometimes loses its trace of a load (NO_NAVSTART) and says to run it again: up to three tries.
  let result: Result | undefined;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const runner = await lighthouse(page.url, flags, config);
    if (!runner) throw new Error(`Lighthouse returned nothing for ${page.url}`);
    result = runner.lhr;
    if (!result.runtimeError) break;
    console.warn(`Lighthouse failed on ${page.url} (try ${attempt} of 3): ${result.runtimeError.code} ${result.runtimeError.message}`);
  }
  if (!result || result.runtimeError) throw new Error(`Lighthouse failed three times on ${page.url}`);
  writeFileSync(path.join(resultsDir, `lighthouse-${page.slug}.json`), JSON.stringify(result));
  return {
    page: page.name,
    performance: score(result, 'performance'),
    accessibility: score(result, 'accessibility'),
    bestPractices: score(result, 'best-practices'),
    seo: score(result, 'seo'),
    lcpMs: numeric(result, 'largest-contentful-paint'),
    cls: numeric(result, 'cumulative-layout-shift'),
    tbtMs: numeric(result, 'total-blocking-time'),
    scriptBytes: transferredBytes(result, 'Script'),
    styleBytes: transferredBytes(result, 'Stylesheet'),
    scriptGzip: scriptGzipBytes(result),
    flagged: flaggedAudits(result),
    heading: lcpElementOf(result),
  };
}

/** The LCP element's snippet: on the purchase page it shows whether the page rendered signed in. */
function lcpElementOf(result: Result): string | undefined {
  const details = result.audits['largest-contentful-paint-element']?.details;
  if (!details || details.type !== 'list') return undefined;
  const table = details.items[0];
  if (!table || table.type !== 'table') return undefined;
  const node = table.items[0]?.node;
  return node && typeof node === 'object' && 'snippet' in node ? String(node.snippet) : undefined;
}

function printScores(rows: PageScore[]): void {
  const header = ['page', 'perf', 'a11y', 'best-pr', 'SEO', 'LCP ms', 'CLS', 'TBT ms', 'JS sent', 'JS gz', 'CSS sent'];
  const lines = rows.map((row) => [
    row.page,
    String(row.performance),
    String(row.accessibility),
    String(row.bestPractices),
    String(row.seo),
    String(Math.round(row.lcpMs)),
    row.cls.toFixed(3),
    String(Math.round(row.tbtMs)),
    kb(row.scriptBytes),
    kb(row.scriptGzip),
    kb(row.styleBytes),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

// ---------------------------------------------------------------------------------------------
// 3. Largest contentful paint with a phone's limits applied for real (CDP), median of 3 cold loads

const THROTTLED_LOADS = Number(process.env.WEB_BENCH_LOADS ?? 3);
const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

interface ThrottledRun {
  page: string;
  lcpMs: number[];
  medianMs: number;
  /** What the largest paint was, on the last load (the purchase page's tool shows it rendered signed in). */
  element: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measureThrottled(pages: PageRun[], shopUrl: string): Promise<ThrottledRun[]> {
  const browser = await launchBrowser();
  try {
    const runs: ThrottledRun[] = [];
    for (const page of pages) {
      const lcpMs: number[] = [];
      let element = '';
      for (let load = 0; load < THROTTLED_LOADS; load++) {
        // A new context: a cold cache and no service state from the load before.
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
        if (page.headers?.Cookie) {
          await context.addCookies(
            page.headers.Cookie.split('; ').map((pair) => {
              const [name, ...value] = pair.split('=');
              return { name: name!, value: value.join('='), url: shopUrl };
            }),
          );
        }
        await context.addInitScript(() => {
          const seen: { at: number; element: string }[] = [];
          (window as unknown as { __lcp: typeof seen }).__lcp = seen;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
              seen.push({ at: entry.startTime, element: entry.element?.outerHTML.slice(0, 120) ?? '' });
            }
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await tab.goto(page.url, { waitUntil: 'networkidle', timeout: 60_000 });
        // A page the browser renders paints after its requests (the session, then the page); then a
        // moment for a later, larger paint. LCP is final at the first input; none comes.
        await tab.waitForFunction(() => (window as unknown as { __lcp: unknown[] }).__lcp.length > 0, null, { timeout: 30_000 });
        await tab.waitForTimeout(1_000);
        const seen = await tab.evaluate(() => (window as unknown as { __lcp: { at: number; element: string }[] }).__lcp);
        const last = seen.at(-1);
        if (!last) throw new Error(`No largest contentful paint on ${page.url}`);
        lcpMs.push(last.at);
        element = last.element;
        await context.close();
      }
      runs.push({ page: page.name, lcpMs, medianMs: median(lcpMs), element });
    }
    return runs;
  } finally {
    await browser.close();
  }
}

function printThrottled(runs: ThrottledRun[]): void {
  console.log(`\nLargest contentful paint, Chromium with CDP throttling (150 ms RTT, 1.6 Mbit/s down, 4x CPU), 412 px, cold cache, ${THROTTLED_LOADS} loads`);
  for (const run of runs) {
    console.log(`${run.page.padEnd(28)} median ${(run.medianMs / 1000).toFixed(2)} s  (${run.lcpMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')})  ${run.element}`);
  }
}

// ---------------------------------------------------------------------------------------------

/** Signs up a customer and answers the identity cookie, which makes the browser's session load signed in. */
async function signedInCookie(shopUrl: string): Promise<{ cookie: string; tool: Tool }> {
  const email = `web-bench-${Date.now()}@example.com`;
  const password = 'Bench#1234';
  const customer = await signInOverHttp(shopUrl, email, password, { signUpAs: 'Bench Customer' });
  const tools: Tool[] = (await customer.call('GET', '/api/getTools')).body;
  const tool = tools[0];
  if (!tool) throw new Error('The fresh shop has no tools');
  // signInOverHttp keeps only the API token; a second sign-in gives this bench the identity cookie.
  const response = await fetch(`${shopUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: shopUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('sign-in set no cookie');
  return { cookie, tool };
}

let shop: RunningShop | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
let cleaningUp: Promise<void> | undefined;

function cleanUp(): Promise<void> {
  cleaningUp ??= (async () => {
    try {
      chrome?.kill();
    } catch (error) {
      console.error('Could not stop Chromium:', error);
    }
    await shop?.stop().catch((error: unknown) => console.error('Could not stop the shop:', error));
  })();
  return cleaningUp;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

try {
  mkdirSync(resultsDir, { recursive: true });
  const bundles = measureBundles();

  shop = await startShop({ env: { LOG_LEVEL: 'error', AUTH_RATE_LIMIT_MAX: '100000' } });
  const { cookie, tool } = await signedInCookie(shop.url);

  const pages: PageRun[] = [
    { name: '/', slug: 'home', url: `${shop.url}/` },
    { name: '/tools/{id}', slug: 'tool', url: `${shop.url}/tools/${tool._id}` },
    { name: '/tools', slug: 'catalogue', url: `${shop.url}/tools` },
    // A category page of the shop's first-start catalogue (seed-categories.ts): its filters and counts drawn on the server.
    { name: '/tools/c/{slug}', slug: 'category', url: `${shop.url}/tools/c/${SEEDED_CATEGORY}` },
    { name: '/login', slug: 'login', url: `${shop.url}/login` },
    { name: '/purchase/{id} (signed in)', slug: 'purchase', url: `${shop.url}/purchase/${tool._id}`, headers: { Cookie: cookie } },
  ];
  // WEB_BENCH_PAGES=home,login runs only those pages (slugs: home, tool, catalogue, category, login, purchase).
  const only = process.env.WEB_BENCH_PAGES?.split(',').map((slug) => slug.trim());
  const chosen = pages.filter((page) => !only || only.includes(page.slug));
  const throttled = await measureThrottled(chosen, shop.url);
  printThrottled(throttled);

  const scores: PageScore[] = [];
  if (process.env.WEB_BENCH_LIGHTHOUSE !== '0') {
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
    for (const page of chosen) scores.push(await runLighthouse(chrome.port, page));
    console.log(`\nLighthouse ${formFactor} (${formFactor === 'mobile' ? 'default config: simulated slow 4G, 4× CPU slowdown' : 'desktop config'})\n`);
    printScores(scores);
    for (const row of scores) {
      console.log(`\n${row.page}: LCP element ${row.heading ?? '(none)'}`);
      for (const line of row.flagged) console.log(`  flagged ${line}`);
    }
  }
  const purchase = throttled.find((row) => row.page.startsWith('/purchase'));
  if (purchase && !purchase.element.includes(tool.toolName) && !purchase.element.includes(tool.img)) {
    console.log(`\nNote: the purchase page's LCP element is not the tool (${tool.toolName}); it may not have rendered signed in.`);
  }

  writeFileSync(
    path.join(resultsDir, 'web-latest.json'),
    JSON.stringify({ at: new Date().toISOString(), formFactor, bundles, throttled, lighthouse: scores }, null, 2),
  );
  console.log('\nWritten to bench/results/web-latest.json (full Lighthouse reports: bench/results/lighthouse-*.json)');
} finally {
  await cleanUp();
}
