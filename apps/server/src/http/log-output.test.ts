import { describe, expect, it } from 'vitest';
import { runNodeScript } from '../test-support/node-script.ts';

const GIVE_UP_MS = 20_000;

/** A shop's log at work: far more lines than a pipe holds (64 KiB), then the shutdown's close and exit. */
const logThenExit = `
  import { createLogger, openStandardOutputLog } from '@server/http/logging.ts';
  const output = openStandardOutputLog();
  const log = createLogger('info', output);
  for (let line = 0; line < 20_000; line += 1) log.info({ line }, 'request completed');
  await output.close(300);
  process.exit(0);
`;

/** A process's standard output whatever its reader does must never keep the process from exiting (issue 24). */
describe('the log on standard output', () => {
  it('lets the process exit when the reader has stopped reading and the pipe is full', async () => {
    // The pipe is read only as far as the child's stdout stream buffers, then never again.
    const { ended } = runNodeScript(logThenExit, { stdio: 'pipe', giveUpAfterMs: GIVE_UP_MS });
    expect(await ended).toMatchObject({ code: 0, gaveUp: false });
  });

  it('lets the process exit when the reader has gone (EPIPE)', async () => {
    const { process: child, ended } = runNodeScript(logThenExit, { stdio: 'pipe', giveUpAfterMs: GIVE_UP_MS });
    child.stdout?.once('data', () => child.stdout?.destroy());
    expect(await ended).toMatchObject({ code: 0, gaveUp: false });
  });
});
