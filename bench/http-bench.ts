// `npm run bench`: req/s and latency of the API's hot paths, each as a ratio to a hello route of
// the same server, in one run on this machine (ratios, because absolute figures vary with load).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { signInOverHttp, type ApiSession } from '@voltline/test-kit/api-client';
import { cartScenarios, checkoutScenario, measure, orderScenario, printTable, startBenchShop, tradeQuoteScenario, type Scenario } from './bench-support.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const { shop, customer, tool } = await startBenchShop();
try {
  // A customer per connection for the checkout (sign-ups hash passwords: a few at a time).
  const buyers: ApiSession[] = [];
  while (buyers.length < CONNECTIONS) {
    buyers.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, (_, i) => signInOverHttp(shop.url, `bench-buyer-${Date.now()}-${buyers.length + i}@example.com`, 'Bench#123', { signUpAs: 'Bench Buyer' })),
      )),
    );
  }
  const etag = (await fetch(`${shop.url}/api/getTools`)).headers.get('etag') ?? '';
  const scenarios: Scenario[] = [
    { name: 'GET /api/health (hello)', path: '/api/health' },
    { name: 'GET /api/getTools', path: '/api/getTools', headers: { 'accept-encoding': 'br, gzip' } },
    { name: 'GET /api/getTools (If-None-Match, 304)', path: '/api/getTools', headers: { 'if-none-match': etag } },
    { name: 'GET /api/getTool/:id', path: `/api/getTool/${tool._id}` },
    { name: 'GET /api/review', path: '/api/review', headers: { 'accept-encoding': 'br, gzip' } },
    orderScenario(customer, tool),
    ...cartScenarios(customer, tool),
    await tradeQuoteScenario(shop.url, tool),
    checkoutScenario(buyers, tool),
  ];
  const results = [];
  for (const scenario of scenarios) results.push(await measure(shop.url, scenario, { connections: CONNECTIONS, seconds: SECONDS }));
  const hello = results[0]!.requestsPerSecond;
  const rows = results.map((result) => ({ ...result, ratio: result.requestsPerSecond / hello }));
  console.log(`\nVoltline API bench: ${CONNECTIONS} connections, ${SECONDS} s each, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`);
  printTable(rows);
  const outputDir = path.resolve(import.meta.dirname, 'results');
  mkdirSync(outputDir, { recursive: true });
  writeFileSync(
    path.join(outputDir, 'latest.json'),
    JSON.stringify({ at: new Date().toISOString(), database: process.env.DATABASE_URL ? 'postgres' : 'pglite', connections: CONNECTIONS, seconds: SECONDS, results: rows }, null, 2),
  );
  console.log(`\nWritten to bench/results/latest.json`);
} finally {
  await shop.stop();
}
