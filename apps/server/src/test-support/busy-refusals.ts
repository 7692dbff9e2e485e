import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * What a full drawing queue (link preview pictures, invoices) answers: among `answers`, exactly
 * `count` refused, each 503 with Retry-After 5 and the shop's words for what it is busy with.
 */
export function expectBusyRefusals(answers: readonly LightMyRequestResponse[], count: number, message: string): void {
  const refused = answers.filter((answer) => answer.statusCode !== 200);
  expect(refused).toHaveLength(count);
  for (const answer of refused) {
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({ error: 'busy', message });
  }
}
