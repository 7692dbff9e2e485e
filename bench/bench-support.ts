import autocannon from 'autocannon';
import type { Tool } from '@voltline/shared/tool';
import { signInOverHttp, type ApiSession } from '@voltline/test-kit/api-client';
import { ADMIN, ADMIN_ENV } from '@voltline/test-kit/customers';
import { startShop, type RunningShop } from '@voltline/test-kit/shop-server';
import { VAT_ID_EXAMPLES } from '@voltline/shared/vat-id-examples';

export interface Scenario {
  name: string;
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Gives each connection requests of its own (a customer of its own, for the checkout). */
  setupClient?: autocannon.Options['setupClient'];
}

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Answers with a 2xx status: what the shop served. */
  ok: number;
}

/** A fresh shop (PGlite in a temp dir, or DATABASE_URL) with a signed-in customer and a tool to order; `env` adds to its environment. */
export async function startBenchShop(env: Record<string, string> = {}): Promise<{ shop: RunningShop; customer: ApiSession; tool: Tool }> {
  const databaseUrl = process.env.DATABASE_URL;
  const shop = await startShop({
    // One bench customer places orders as fast as the shop takes them: far past a real account's limit.
    env: {
      ...ADMIN_ENV,
      LOG_LEVEL: 'error',
      AUTH_RATE_LIMIT_MAX: '100000',
      ORDER_RATE_LIMIT_PER_MINUTE: '10000000',
      CART_RATE_LIMIT_PER_MINUTE: '10000000',
      PUBLIC_UNCACHED_READS_PER_SECOND: '0', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env },
  });
  const email = `bench-${Date.now()}@example.com`;
  const customer = await signInOverHttp(shop.url, email, 'Bench#123', { signUpAs: 'Bench Customer' });
  const tools: Tool[] = (await customer.call('GET', '/api/getTools')).body;
  const tool = tools.reduce((best, candidate) => (candidate.availableQuantity > best.availableQuantity ? candidate : best));
  return { shop, customer, tool };
}

/** Counts `tool`'s stock up to ten million units (as the admin), so that no order of a run is refused for the lack of it. */
export async function restockForBench(shopUrl: string, tool: Tool): Promise<void> {
  const admin = await signInOverHttp(shopUrl, ADMIN.email, ADMIN.password);
  const counted = await admin.call('POST', `/api/admin/tools/${tool._id}/stock-moves`, { kind: 'counted', countedUnits: 10_000_000, note: 'bench' });
  if (counted.status !== 200) throw new Error(`restocking ${tool.toolName}: ${counted.status} ${JSON.stringify(counted.body)}`);
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

const asJson = (customer: ApiSession) => ({ authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' });
const CHECKOUT = { country: 'US', phone: '5550100', address: 'Bench Street 1' };

/** The cart's hot paths for one customer: putting a line (the same quantity again), reading the cart, quoting it. */
export function cartScenarios(customer: ApiSession, tool: Tool): Scenario[] {
  const headers = asJson(customer);
  return [
    { name: 'PUT /api/cart/lines/:toolId (cart line)', method: 'PUT', path: `/api/cart/lines/${tool._id}`, headers, body: JSON.stringify({ quantity: tool.minimumOrderQuantity }) },
    { name: 'GET /api/cart', path: '/api/cart', headers: { authorization: headers.authorization } },
    { name: 'POST /api/checkout/quote (one-line cart)', method: 'POST', path: '/api/checkout/quote', headers, body: JSON.stringify({ country: CHECKOUT.country }) },
  ];
}

/**
 * The checkout of a one-line cart: each connection a customer of its own (a checkout empties the
 * cart, so two connections on one cart would refuse each other), putting the line and checking out
 * in turn. Its req/s counts both requests.
 */
export function checkoutScenario(customers: ApiSession[], tool: Tool): Scenario {
  let next = 0;
  return {
    name: 'PUT line + POST /api/checkout (pairs)',
    path: '/api/checkout',
    setupClient(client) {
      const headers = asJson(customers[next++ % customers.length]!);
      client.setRequests([
        { method: 'PUT', path: `/api/cart/lines/${tool._id}`, headers, body: JSON.stringify({ quantity: tool.minimumOrderQuantity }) },
        { method: 'POST', path: '/api/checkout', headers, body: JSON.stringify(CHECKOUT) },
      ]);
    },
  };
}

/**
 * A trade customer's quote (issue 39): an approved business account in the trade group, whose cart
 * holds 60 units of a tool with a trade price and volume tiers, so the quote prices the line by
 * group, tier and reverse charge. Its req/s is read beside the retail quote's (goal: within 2x).
 */
export async function tradeQuoteScenario(shopUrl: string, tool: Tool): Promise<Scenario> {
  const admin = await signInOverHttp(shopUrl, ADMIN.email, ADMIN.password);
  const buyer = await signInOverHttp(shopUrl, `bench-trade-${Date.now()}@example.com`, 'Bench#123', { signUpAs: 'Bench Trade Buyer' });
  const ok = (answer: { status: number; body: unknown }, what: string) => {
    if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as Record<string, unknown>;
  };
  const application = ok(
    await buyer.call('POST', '/api/business-account', {
      companyName: 'Bench Wiring SARL',
      vatId: VAT_ID_EXAMPLES.FR,
      billingStreet: '1 Rue Volta',
      billingPostcode: '75003',
      billingCity: 'Paris',
      billingCountry: 'FR',
    }),
    'applying for a business account',
  );
  ok(await admin.call('POST', `/api/admin/business-accounts/${String(application._id)}/approve`, {}), 'approving it');
  ok(
    await admin.call('PUT', `/api/admin/customer-groups/trade/prices/${tool._id}`, { percentOff: 20, tiers: [{ fromUnits: 10, percentOff: 5 }, { fromUnits: 50, percentOff: 12 }] }),
    'setting the trade price',
  );
  ok(await buyer.call('PUT', `/api/cart/lines/${tool._id}`, { quantity: Math.max(60, tool.minimumOrderQuantity) }), 'putting 60 units in the cart');
  return { name: 'POST /api/checkout/quote (trade, tier price)', method: 'POST', path: '/api/checkout/quote', headers: asJson(buyer), body: JSON.stringify({ country: 'FR' }) };
}

export async function measure(baseUrl: string, scenario: Scenario, options: { connections: number; seconds: number }): Promise<Measurement> {
  const result = await autocannon({
    url: `${baseUrl}${scenario.path}`,
    method: scenario.method ?? 'GET',
    headers: scenario.headers,
    body: scenario.body,
    ...(scenario.setupClient ? { setupClient: scenario.setupClient } : {}),
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
    ok: result['2xx'],
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
