import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, inSeconds, TryAgainLater } from './app-error.ts';

/** How much of one kind of costly work (drawing a picture, a PDF, serving a download) runs at once. */
export interface TurnLimits {
  /** Tasks running at the same time. */
  atOnce: number;
  /** Tasks waiting for a turn; past that a request is told to come back. */
  queueLength: number;
  /** What a caller told to come back is asked to wait: a few tasks' time. */
  retryAfterSeconds: number;
  /** Tasks start at least this far apart: a caller's work then takes a bounded share of the server, however fast it asks. */
  spacingMs?: number;
}

/** The refusal past the queue: 503 when the instance is busy for everyone, 429 when one caller asked too much. */
export interface TurnRefusal {
  kind: 'busy' | 'too_many_requests';
  /** In the shop's words, e.g. "The shop is busy drawing link preview pictures. Try again in 5 seconds." */
  message: (wait: string) => string;
}

/**
 * At most `atOnce` tasks run; up to `queueLength` more wait for a turn (a finishing task hands its
 * turn to the next); past that a request is refused at once rather than holding a connection open.
 * The refusal is a TryAgainLater, which the error handler answers with its Retry-After.
 */
export function createTurns(limits: TurnLimits, refusal: TurnRefusal) {
  const spacingMs = limits.spacingMs ?? 0;
  let running = 0;
  let lastStarted = -Infinity;
  const waiting: (() => void)[] = [];
  /** Waits in the queue until a finishing task hands its turn over, or leaves it when the caller is gone. */
  const waitForTurn = (gone?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      gone?.throwIfAborted();
      const handOver = () => {
        gone?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const place = waiting.indexOf(handOver);
        // Already handed its turn (on its way, setImmediate): it takes it and gives it back unused.
        if (place === -1) return;
        waiting.splice(place, 1);
        reject(gone!.reason);
      };
      gone?.addEventListener('abort', leave, { once: true });
      waiting.push(handOver);
    });
  return {
    /**
     * `gone`: aborted when the caller stops waiting (its connection closed). A task still waiting
     * for its turn then leaves the queue at once, and is not started: a caller who gave up holds no
     * place another request could have.
     */
    async run<T>(task: () => Promise<T>, gone?: AbortSignal): Promise<T> {
      if (running < limits.atOnce) running += 1;
      else if (waiting.length < limits.queueLength) await waitForTurn(gone);
      else throw new TryAgainLater(refusal.kind, refusal.message(inSeconds(limits.retryAfterSeconds)), limits.retryAfterSeconds);
      try {
        const tooSoon = lastStarted + spacingMs - performance.now();
        if (tooSoon > 0) await sleep(tooSoon);
        gone?.throwIfAborted();
        lastStarted = performance.now();
        return await task();
      } finally {
        const next = waiting.shift();
        // The next task starts after the event loop has read what arrived meanwhile: work that never
        // waits for I/O (PGlite answers within the process) would otherwise run task after task
        // before any other request is even read.
        if (next) setImmediate(next);
        else running -= 1;
      }
    },
    /** Nothing running or waiting, and the next task could start at once. */
    get idle(): boolean {
      return running === 0 && performance.now() - lastStarted >= spacingMs;
    },
  };
}

/**
 * Turns of each caller's own: one caller's tasks wait for each other, never for another caller's,
 * so a caller asking for many at once is served one after another (or refused past its queue) while
 * everyone else is served as usual. A caller whose turns are idle is forgotten.
 */
export function createTurnsPerCaller(limits: TurnLimits, refusal: TurnRefusal) {
  const callers = new Map<string, ReturnType<typeof createTurns>>();
  const forgetIfIdle = (caller: string, turns: ReturnType<typeof createTurns>) => {
    if (callers.get(caller) !== turns) return;
    if (turns.idle) callers.delete(caller);
    // Remembered until its spacing has passed, so asking one at a time does not skip it.
    else setTimeout(() => forgetIfIdle(caller, turns), limits.spacingMs ?? 0).unref();
  };
  return async <T>(caller: string, task: () => Promise<T>, gone?: AbortSignal): Promise<T> => {
    let turns = callers.get(caller);
    if (!turns) callers.set(caller, (turns = createTurns(limits, refusal)));
    try {
      return await turns.run(task, gone);
    } finally {
      forgetIfIdle(caller, turns);
    }
  };
}

/**
 * How a caller's costly read waits its turn: the route hands the service a ration bound to the
 * caller (its address), and the service runs only what it cannot answer from memory through it.
 */
export type Ration = <T>(task: () => Promise<T>) => Promise<T>;

/** For callers whose reads are not rationed (the shop's own: sitemap, server rendering). */
export const unrationed: Ration = (task) => task();

/**
 * Aborted when the connection an answer was going to closes before the answer was sent: the caller
 * stopped waiting (a closed tab, a cancelled download), so a turn it waits for is given up (run's
 * `gone`). Node 20's request has no `signal` of its own yet.
 */
export function whenCallerGone(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableEnded) controller.abort(new AppError('bad_request', 'The request was closed before its answer was ready.', 'request_closed'));
  });
  return controller.signal;
}
