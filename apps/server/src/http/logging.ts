import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

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
