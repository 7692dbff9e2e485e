import { describe, expect, it } from 'vitest';
import { runNodeScript } from '../test-support/node-script.ts';

const AFTER_MS = 500;
const GIVE_UP_MS = 20_000;
/** Far past GIVE_UP_MS: a process still alive at GIVE_UP_MS was kept alive, not killed. */
const NEVER_MS = 10 * GIVE_UP_MS;

describe('the last resort exit', () => {
  it('ends a process whose main thread is held, where no timer of its own could run', async () => {
    // Held the way issue 24's shop was: waiting inside an 'exit' listener that never returns.
    const { ended } = runNodeScript(
      `import { armLastResortExit } from '@server/platform/last-resort-exit.ts';
       process.on('exit', () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0));
       armLastResortExit(${AFTER_MS});
       process.exit(0);`,
      { giveUpAfterMs: GIVE_UP_MS },
    );
    const { signal, ms, gaveUp } = await ended;
    expect(gaveUp).toBe(false);
    expect(signal).toBe('SIGKILL');
    expect(ms).toBeGreaterThanOrEqual(AFTER_MS);
  });

  it('neither kills nor keeps alive a process that ends on its own first', async () => {
    const exiting = runNodeScript(
      `import { armLastResortExit } from '@server/platform/last-resort-exit.ts';
       armLastResortExit(${NEVER_MS});
       setTimeout(() => process.exit(3), 50);`,
      { giveUpAfterMs: GIVE_UP_MS },
    );
    // Nothing left to wait for: the process ends without process.exit, its worker notwithstanding.
    const idle = runNodeScript(
      `import { armLastResortExit } from '@server/platform/last-resort-exit.ts';
       armLastResortExit(${NEVER_MS});`,
      { giveUpAfterMs: GIVE_UP_MS },
    );
    expect(await exiting.ended).toMatchObject({ code: 3, signal: null, gaveUp: false });
    expect(await idle.ended).toMatchObject({ code: 0, signal: null, gaveUp: false });
  });
});
