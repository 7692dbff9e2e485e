import { Worker } from 'node:worker_threads';

/**
 * Ends this process with SIGKILL `afterMs` from now, from a thread of its own, unless it has ended
 * by then.
 *
 * The shutdown's bound in main.ts is a timer, and a timer runs only when the main thread is free:
 * anything that holds that thread (a synchronous write to a pipe nobody reads, an 'exit' listener
 * that waits, as pino's did in issue 24) holds the bound with it, and process.exit runs those
 * listeners before it exits. A worker thread has an event loop of its own, so its timer runs
 * whatever the main thread is doing. A worker cannot end the process with an exit code
 * (process.exit there ends only the worker), so it sends SIGKILL, the one signal nothing can catch
 * or delay. What that skips: the data directory's lock file, which names a dead pid afterwards and
 * which the next start takes over (db/data-dir-lock.ts), and PGlite's last writes, which it
 * recovers from its log as after a power cut.
 *
 * The worker is unref'd (it never keeps alive a process that would otherwise exit) and starts
 * without the parent's --import flags (loading tsx there would only delay it).
 */
export function armLastResortExit(afterMs: number): void {
  const worker = new Worker(
    `setTimeout(() => process.kill(process.pid, 'SIGKILL'), require('node:worker_threads').workerData);`,
    { eval: true, workerData: afterMs, execArgv: [] },
  );
  worker.unref();
}
