import { describe, expect, it } from 'vitest';
import { measureUnderFlood } from '../test-support/latency.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';

/** Two visitors told apart by the address the shop's own proxy (loopback here) reports. */
const FLOODER = { 'x-forwarded-for': '203.0.113.7' };
const VISITOR = { 'x-forwarded-for': '198.51.100.9' };

describe.each(testDatabaseKinds)('public reads that memory cannot answer, on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, environment: { TRUST_PROXY: '127.0.0.1', PUBLIC_UNCACHED_READS_PER_SECOND: '40' } });
  let searches = 0;
  /** A search every time another: never cached, each one a query of the database. */
  const uncachedRead = () => `/api/getTools?q=${encodeURIComponent(`Voltline ${searches++ % 97}`)}&limit=${1 + (searches % 100)}`;

  it('takes one address\'s uncached reads one at a time, refusing past its queue in words, while another address is served', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => shop.app.inject({ method: 'GET', url: uncachedRead(), headers: FLOODER })),
    );
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 429)).toBe(true);
    expect(refused[0]!.json()).toEqual({ error: 'too_many_requests', message: 'You are asking for many different pages at once. Try again in 2 seconds.' });
    expect(refused[0]!.headers['retry-after']).toBe('2');
    // Another address, and the first page everyone reads, are answered meanwhile.
    const [other, cached] = await Promise.all([
      shop.app.inject({ method: 'GET', url: uncachedRead(), headers: VISITOR }),
      shop.app.inject({ method: 'GET', url: '/api/getTools', headers: FLOODER }),
    ]);
    expect([other.statusCode, cached.statusCode]).toEqual([200, 200]);
  });

  it("keeps the catalogue's median answer within four times its median alone while one address keeps 30 uncached reads in flight", { timeout: 180_000 }, async () => {
    const origin = await shop.app.listen({ host: '127.0.0.1', port: 0 });
    const get = async (path: string, headers: Record<string, string>) => {
      const answer = await fetch(`${origin}${path}`, { headers });
      await answer.arrayBuffer();
      return answer.status;
    };
    const readCatalogue = async () => expect(await get('/api/getTools', VISITOR)).toBe(200);
    for (let warmUp = 0; warmUp < 20; warmUp++) await readCatalogue();
    const measured = await measureUnderFlood({
      read: readCatalogue,
      // Answered or told to come back: either way the flood goes on asking.
      flood: async () => expect([200, 429]).toContain(await get(uncachedRead(), FLOODER)),
      inFlight: 30,
      rounds: 10,
      samplesPerRound: 8,
      pauseMs: 20,
    });
    console.log(`catalogue median alone ${measured.alone.toFixed(2)} ms, under 30 uncached reads ${measured.flooded.toFixed(2)} ms (${measured.floodAnswers} answered meanwhile) on ${kind.name}`);
    expect(measured.floodAnswers).toBeGreaterThan(0);
    // Without the turns the median went 4.8 -> 76.6 ms (16 times); with them about 1.2 times, but
    // CI's busy 2-core machine once measured 2.08 times (5.47 against 2.63 ms on PostgreSQL). Four
    // times still fails the missing turns by a factor of four, and no longer the machine's noise.
    expect(measured.flooded).toBeLessThanOrEqual(4 * measured.alone);
  });
});
