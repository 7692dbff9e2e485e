import type { FastifyRequest } from 'fastify';
import { createTurnsPerCaller, unrationed, type Ration } from '../platform/turns.ts';

/**
 * Public reads that memory cannot answer (an odd cursor or limit, a search, an unknown tool id) each
 * cost the database a query. One client address gets `perSecond` of them, one at a time, 32 waiting
 * at most (then 429 with Retry-After): a flood of them from one address takes a bounded share of the
 * shop, while cached pages answer everyone, that address included, as before. Visitors behind one
 * address (an office) share it; at 40 uncached pages a second (the default) they do not notice.
 * 0 turns it off (the test suites, which read thousands of pages from one address).
 */
export function createPublicReadRations(perSecond: number): (request: FastifyRequest) => Ration {
  if (perSecond === 0) return () => unrationed;
  const turns = createTurnsPerCaller(
    { atOnce: 1, queueLength: 32, spacingMs: 1000 / perSecond, retryAfterSeconds: 2 },
    { kind: 'too_many_requests', message: (wait) => `You are asking for many different pages at once. Try again in ${wait}.` },
  );
  return (request) => (task) => turns(request.ip, task);
}
export type PublicReadRations = ReturnType<typeof createPublicReadRations>;
