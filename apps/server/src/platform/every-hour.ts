import type { FastifyBaseLogger } from 'fastify';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Runs a clean-up at start and then every hour, logging what it did (when it did anything) and
 * any failure, never throwing; returns a function that stops it. The task answers how many rows it
 * changed.
 */
export function everyHour(
  task: () => Promise<number>,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  words: { done: string; failed: string; facts?: Record<string, unknown> },
): () => void {
  const run = () =>
    task()
      .then((count) => count > 0 && log.info({ count, ...words.facts }, words.done))
      .catch((error: unknown) => log.error({ err: error }, words.failed));
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
