import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import SonicBoom from 'sonic-boom';

/** Reset links and OAuth callbacks carry secrets in their URL: they never reach the log. */
function redactUrl(url: string): string {
  return url
    .replace(/(\/reset-password\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:token|code|state)=)[^&#]*/g, '$1[redacted]');
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    // Requests are logged by method, redacted URL and address: never headers, bodies or tokens.
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), ip: request.ip }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The shop's log lines on their way out, with a way to let the last of them out before exiting. */
interface LogOutput extends DestinationStream {
  /**
   * Stops taking lines and writes out those still queued; settles once they are out, once the
   * output has failed, or after `withinMs`, whichever comes first: never later.
   */
  close(withinMs: number): Promise<void>;
}

/**
 * How much log output may wait for a reader that does not read (a terminal paused with Ctrl-S, a
 * stalled supervisor) before new lines are dropped instead of piling up in memory.
 */
const QUEUED_LOG_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Standard output, written in the background (a slow reader never holds a request) and given up at
 * its first failed write: a reader that has gone (EPIPE) leaves the shop running, and stopping,
 * without a log, instead of crashing or holding it.
 *
 * Not pino's own standard output stream: that one registers an 'exit' listener which writes what is
 * queued synchronously, and sonic-boom's synchronous flush retries a failed write for ever, 100 ms
 * apart. A shop stopped under load whose output reader ended with it (`npm start | tee` and
 * Ctrl-C, a supervisor stopping with it) hung inside process.exit, idle, its data directory
 * locked, its shutdown timer never to run again (issue 24). Nothing here listens for 'exit': the
 * shutdown closes the output itself, within a bound.
 */
export function openStandardOutputLog(): LogOutput {
  const stream = new SonicBoom({ fd: 1, maxLength: QUEUED_LOG_LIMIT_BYTES });
  let open = true;
  const finished = new Promise<void>((resolve) => {
    stream.once('close', resolve);
    stream.on('error', () => {
      open = false;
      resolve();
    });
  });
  return {
    write(line: string) {
      if (open) stream.write(line);
    },
    async close(withinMs: number) {
      if (open) {
        open = false;
        stream.end();
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([finished, new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)))]);
      clearTimeout(timer);
    },
  };
}
