/**
 * A database that is away (restarting, failing over, out of connections) is an outage, not a bug:
 * the request that met it is answered 503 with Retry-After, in words, and nothing was written (its
 * transaction never committed). These are the failures that say "the server was not there", as
 * node-postgres reports them, whatever wraps them (Drizzle, better-auth's adapter).
 */

import { inSeconds, TryAgainLater } from '../platform/app-error.ts';

/** How long a client is asked to wait: a restart takes a few seconds, the pool reconnects by itself. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that could not be made or was cut. */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's own: class 08 (connection exception), 57P01-57P03 (shutting down, crashed,
 * starting up), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** node-postgres's words for a connection lost or never made (its errors without a code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function isUnavailableItself(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((words) => message.startsWith(words));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in its own (`cause`); a few levels are enough for any wrapper.
  for (let depth = 0; depth < 5 && typeof error === 'object' && error !== null; depth += 1) {
    if (isUnavailableItself(error)) return true;
    error = (error as { cause?: unknown }).cause;
  }
  return false;
}

/** An outage of the database, in words: nothing was written, and asking again in a moment will do. */
export const databaseUnavailableRefusal = () =>
  new TryAgainLater(
    'busy',
    `The shop cannot reach its database just now, so nothing was changed. Please try again in ${inSeconds(DATABASE_RETRY_AFTER_SECONDS)}.`,
    DATABASE_RETRY_AFTER_SECONDS,
  );
