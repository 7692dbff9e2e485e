// `DATABASE_URL=… REDIS_URL=… npm run bench:scale`: catalogue and order placement req/s with one
// instance and with two (start:cluster), against the same PostgreSQL and Redis, in one run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { signInOverHttp } from '@voltline/test-kit/api-client';
import { freePort, startShop } from '@voltline/test-kit/shop-server';
import { measure, orderScenario, printTable, type Measurement } from './bench-support.ts';
import type { Tool } from '@voltline/shared/tool';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!databaseUrl) {
  console.error('bench:scale needs DATABASE_URL (and REDIS_URL): several instances cannot share PGlite.');
  process.exit(1);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const env = { DATABASE_URL: databaseUrl, ...(redisUrl ? { REDIS_URL: redisUrl } : {}), LOG_LEVEL: 'error', AUTH_RATE_LIMIT_MAX: '100000', ORDER_RATE_LIMIT_PER_MINUTE: '10000000', PUBLIC_UNCACHED_READS_PER_SECOND: '0' };

async function scenariosFor(url: string) {
  const customer = await signInOverHttp(url, `scale-${Date.now()}-${Math.random()}@example.com`, 'Scale#123', { signUpAs: 'Scale' });
  const tools: Tool[] = (await customer.call('GET', '/api/getTools')).body;
  const tool = tools.reduce((best, candidate) => (candidate.availableQuantity > best.availableQuantity ? candidate : best));
  return [{ name: 'GET /api/getTools', path: '/api/getTools', headers: { 'accept-encoding': 'br, gzip' } }, orderScenario(customer, tool)];
}

async function run(url: string, label: string): Promise<Measurement[]> {
  const results = [];
  for (const scenario of await scenariosFor(url)) results.push({ ...(await measure(url, scenario, { connections: 50, seconds: SECONDS })), name: `${scenario.name} [${label}]` });
  return results;
}

const single = await startShop({ env });
const one = await run(single.url, '1 instance');
await single.stop();

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const cluster = spawn(process.execPath, ['scripts/start-cluster.mjs', '--instances', '2'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: url },
  stdio: 'ignore',
});
for (let tries = 0; tries < 150; tries += 1) {
  if ((await fetch(`${url}/api/health`).catch(() => null))?.ok) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const two = await run(url, '2 instances');
cluster.kill('SIGTERM');

console.log(`\nScale-out: ${SECONDS} s per scenario at 50 connections, PostgreSQL${redisUrl ? ' and Redis' : ''}\n`);
printTable([...one, ...two]);
