import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const serverSource = path.resolve(import.meta.dirname, '..');

interface NodeScript {
  process: ChildProcess;
  /** How the process ended and how long after its start; `gaveUp` if it was still alive at `giveUpAfterMs` (and then SIGKILLed). */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number; gaveUp: boolean }>;
}

/**
 * Runs `module` (ES module text that may import the server's files as `@server/...`) in a Node
 * process of its own, for what only a whole process shows: how it exits. SIGKILLed, and
 * reported as such, if still alive `giveUpAfterMs` after it started.
 */
export function runNodeScript(
  module: string,
  options: { stdio?: 'pipe' | 'ignore'; giveUpAfterMs: number },
): NodeScript {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', module.replaceAll('@server/', `${serverSource}/`)], {
    stdio: ['ignore', options.stdio ?? 'ignore', 'inherit'],
  });
  let gaveUp = false;
  const giveUp = setTimeout(() => {
    gaveUp = true;
    child.kill('SIGKILL');
  }, options.giveUpAfterMs);
  const ended = new Promise<Awaited<NodeScript['ended']>>((resolve) =>
    child.once('exit', (code, signal) => {
      clearTimeout(giveUp);
      resolve({ code, signal, ms: Date.now() - started, gaveUp });
    }),
  );
  return { process: child, ended };
}
