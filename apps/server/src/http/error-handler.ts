import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_ERROR_CODES, type ApiError } from '@voltline/shared/api-error';
import { refusedValueWords } from '../db/refused-values.ts';
import { textTooLongRefusal } from '../db/text-columns.ts';
import { databaseUnavailableRefusal, isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError, codeOfStatus, schemaRefusal, TryAgainLater } from '../platform/app-error.ts';

function send(reply: FastifyReply, refusal: AppError) {
  if (refusal instanceof TryAgainLater) reply.header('Retry-After', String(refusal.retryAfterSeconds));
  return reply.status(refusal.status).send({ error: refusal.code, message: refusal.message } satisfies ApiError);
}

/**
 * Every failure leaves as `{ error, message }`. Client errors say what was wrong; a 5xx is
 * logged in full and answered with a fixed text, so no stack, SQL or path reaches the caller.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The messages are the shop's own and name their field ("Tool name can be at most 120
      // characters"): no JSON path, no "Invalid body:" in front of them.
      const issues = error.validation.map((issue) => ({ path: issue.instancePath.split('/').filter(Boolean), message: issue.message ?? 'This request is not valid' }));
      return send(reply, schemaRefusal(issues));
    }
    // The database's length limits are the last word: a text no schema caught (an over-long email
    // copied from an account) is refused in words rather than failing as a 500.
    const tooLong = textTooLongRefusal(error);
    if (tooLong) return send(reply, new AppError('bad_request', tooLong));
    // Likewise a value the database refuses (a date it does not keep, issue 36). The schemas should
    // have refused it first, so it is logged: a schema to tighten.
    const refusedValue = refusedValueWords(error);
    if (refusedValue) {
      request.log.warn({ err: error }, 'the database refused a value of the request');
      return send(reply, new AppError('bad_request', refusedValue));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      return send(reply, databaseUnavailableRefusal());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: codeOfStatus(status), message: error.message } satisfies ApiError);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ error: API_ERROR_CODES.internal, message: 'Something went wrong on our side. Please try again.' });
  });
}

/** Malformed URLs and over-long ids are refused by the router itself: answer in our shape too. */
export function answerRouterRefusal(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  void reply.status(status).send({ error: status === 414 ? 'uri_too_long' : codeOfStatus(status), message: error.message });
}
