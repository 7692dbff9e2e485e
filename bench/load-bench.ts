// `npm run bench:load`: 100 connections for 60 s on the catalogue, a tool, order placement and
// my orders, expecting no errors. `-- --soak` runs 10 minutes of mixed load and samples the
// server's memory every 30 s to show whether it stays flat.
import { readFileSync } from 'node:fs';
import { signInOverHttp } from '@voltline/test-kit/api-client';
import { measure, orderScenario, printTable, startBenchShop, type Scenario } from './bench-support.ts';

const soak = process.argv.includes('--soak');
const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? (soak ? 600 : 60));

function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
}

const { shop, customer, tool } = await startBenchShop();
try {
  // My orders is measured for a customer with a shop's usual handful of orders, not for the
  // bench customer who places tens of thousands of them during the run.
  const regular = await signInOverHttp(shop.url, `regular-${Date.now()}@example.com`, 'Regular#1', { signUpAs: 'Regular Customer' });
  for (let i = 0; i < 12; i += 1) {
    await regular.call('POST', '/api/purchased', { toolId: tool._id, quantity: tool.minimumOrderQuantity, phone: '5550100', address: `Site ${i}` });
  }
  const scenarios: Scenario[] = [
    { name: 'GET /api/getTools', path: '/api/getTools', headers: { 'accept-encoding': 'br, gzip' } },
    { name: 'GET /api/getTool/:id', path: `/api/getTool/${tool._id}` },
    orderScenario(customer, tool),
    { name: 'GET /api/purchased (my orders, 12)', path: '/api/purchased', headers: { authorization: `Bearer ${regular.token}` } },
  ];
  if (soak) {
    const pid = shop.process.pid!;
    const samples: { minute: number; rssMb: number }[] = [{ minute: 0, rssMb: residentMegabytes(pid) }];
    const started = Date.now();
    const sampler = setInterval(() => samples.push({ minute: Math.round((Date.now() - started) / 6000) / 10, rssMb: residentMegabytes(pid) }), 30_000);
    const results = await Promise.all(
      scenarios.map((scenario) => measure(shop.url, scenario, { connections: CONNECTIONS / scenarios.length, seconds: SECONDS })),
    );
    clearInterval(sampler);
    console.log(`\nSoak: ${SECONDS} s of mixed load at ${CONNECTIONS} connections\n`);
    printTable(results);
    console.log('\nServer memory (RSS) over time:');
    for (const sample of samples) console.log(`  ${String(sample.minute).padStart(5)} min  ${sample.rssMb} MB`);
  } else {
    const results = [];
    for (const scenario of scenarios) results.push(await measure(shop.url, scenario, { connections: CONNECTIONS, seconds: SECONDS }));
    console.log(`\nLoad: ${CONNECTIONS} connections, ${SECONDS} s per scenario, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`);
    printTable(results);
    const failed = results.filter((result) => result.errors > 0 || result.non2xx > 0);
    if (failed.length > 0) {
      console.error(`\nFailures in: ${failed.map((result) => result.name).join(', ')}`);
      process.exitCode = 1;
    }
  }
} finally {
  await shop.stop();
}
