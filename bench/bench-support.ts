import autocannon from 'autocannon';
import type { Tool } from '@voltline/shared/tool';
import { signInOverHttp, type ApiSession } from '@voltline/test-kit/api-client';
import { startShop, type RunningShop } from '@voltline/test-kit/shop-server';

export interface Scenario {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** A fresh shop (PGlite in a temp dir, or DATABASE_URL) with a signed-in customer and a tool to order. */
export async function startBenchShop(): Promise<{ shop: RunningShop; customer: ApiSession; tool: Tool }> {
  const databaseUrl = process.env.DATABASE_URL;
  const shop = await startShop({
    // One bench customer places orders as fast as the shop takes them: far past a real account's limit.
    env: { LOG_LEVEL: 'error', AUTH_RATE_LIMIT_MAX: '100000', ORDER_RATE_LIMIT_PER_MINUTE: '10000000', PUBLIC_UNCACHED_READS_PER_SECOND: '0', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  });
  const email = `bench-${Date.now()}@example.com`;
  const customer = await signInOverHttp(shop.url, email, 'Bench#123', { signUpAs: 'Bench Customer' });
  const tools: Tool[] = (await customer.call('GET', '/api/getTools')).body;
  const tool = tools.reduce((best, candidate) => (candidate.availableQuantity > best.availableQuantity ? candidate : best));
  return { shop, customer, tool };
}

export function orderScenario(customer: ApiSession, tool: Tool): Scenario {
  return {
    name: 'POST /api/purchased (order placement)',
    method: 'POST',
    path: '/api/purchased',
    headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ toolId: tool._id, quantity: tool.minimumOrderQuantity, phone: '5550100', address: 'Bench Street 1' }),
  };
}

export async function measure(baseUrl: string, scenario: Scenario, options: { connections: number; seconds: number }): Promise<Measurement> {
  const result = await autocannon({
    url: `${baseUrl}${scenario.path}`,
    method: scenario.method ?? 'GET',
    headers: scenario.headers,
    body: scenario.body,
    connections: options.connections,
    duration: options.seconds,
  });
  return {
    name: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printTable(rows: (Measurement & { ratio?: number })[]): void {
  const header = ['scenario', 'req/s', 'p50 ms', 'p97.5 ms', 'p99 ms', 'errors', 'non-2xx', 'vs hello'];
  const lines = rows.map((row) => [
    row.name,
    String(row.requestsPerSecond),
    String(row.p50),
    String(row.p95),
    String(row.p99),
    String(row.errors),
    String(row.non2xx),
    row.ratio === undefined ? '' : `${Math.round(row.ratio * 100)}%`,
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}
