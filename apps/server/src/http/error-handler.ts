import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_ERROR_CODES, type ApiError } from '@voltline/shared/api-error';
// Importing it also installs the shop's wording for zod refusals of schemas declared in the server itself.
import { describeRefusal } from '@voltline/shared/validation-messages';
import { textTooLongRefusal } from '../db/text-columns.ts';
import { AppError } from './app-error.ts';

const codeByStatus: Record<number, string> = {
  400: API_ERROR_CODES.badRequest,
  401: API_ERROR_CODES.unauthorized,
  403: API_ERROR_CODES.forbidden,
  404: API_ERROR_CODES.notFound,
  409: API_ERROR_CODES.conflict,
  413: API_ERROR_CODES.payloadTooLarge,
  415: API_ERROR_CODES.badRequest,
  422: API_ERROR_CODES.invalidData,
  429: API_ERROR_CODES.tooManyRequests,
};

/**
 * Every failure leaves as `{ error, message }`. Client errors say what was wrong; a 5xx is
 * logged in full and answered with a fixed text, so no stack, SQL or path reaches the caller.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ error: error.code, message: error.message } satisfies ApiError);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The messages are the shop's own and name their field ("Tool name can be at most 120
      // characters"): no JSON path, no "Invalid body:" in front of them.
      const issues = error.validation.map((issue) => ({ path: issue.instancePath.split('/').filter(Boolean), message: issue.message ?? 'This request is not valid' }));
      return reply.status(400).send({ error: API_ERROR_CODES.badRequest, message: describeRefusal(issues) });
    }
    // The database's length limits are the last word: a text no schema caught (an over-long email
    // copied from an account) is refused in words rather than failing as a 500.
    const tooLong = textTooLongRefusal(error);
    if (tooLong) return reply.status(400).send({ error: API_ERROR_CODES.badRequest, message: tooLong });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: codeByStatus[status] ?? API_ERROR_CODES.badRequest, message: error.message });
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
  void reply.status(status).send({ error: status === 414 ? 'uri_too_long' : API_ERROR_CODES.badRequest, message: error.message });
}
