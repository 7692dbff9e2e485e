import type { ApiErrorCode } from '@voltline/shared/api-error';
import { entityIdSchema } from '@voltline/shared/id';
// Importing it also installs the shop's wording for zod refusals, of shared schemas and the server's own alike.
import { describeRefusal } from '@voltline/shared/validation-messages';

/**
 * The one table of refusals: each kind is the code clients read in `{ error }`, with its HTTP
 * status. Services and routes both import this module (it knows nothing of Fastify), and the error
 * handler reads the same table for refusals Fastify raises itself, so a code and its status can
 * never drift apart.
 */
const STATUS_BY_KIND = {
  bad_request: 400,
  unauthorized: 401,
  payment_refused: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  invalid_data: 422,
  too_many_requests: 429,
  busy: 503,
} as const satisfies Partial<Record<ApiErrorCode, number>>;

/** What went wrong, as the client reads it: `bad_request` (the request itself is malformed), `invalid_data` (well-formed, but the shop cannot take it), ... */
export type AppErrorKind = keyof typeof STATUS_BY_KIND;

const KIND_BY_STATUS = new Map<number, AppErrorKind>(
  Object.entries(STATUS_BY_KIND).map(([kind, status]) => [status, kind as AppErrorKind]),
);

/** The code of a 4xx status raised outside the shop's code (an unsupported media type reads as a bad request). */
export const codeOfStatus = (status: number): AppErrorKind => KIND_BY_STATUS.get(status) ?? 'bad_request';

/** The one error type services throw for expected refusals; its kind decides the status, so services never speak HTTP. */
export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** A more precise code than the kind's, e.g. the card decline reason. */
    private readonly specificCode?: string,
  ) {
    super(message);
  }

  get status(): number {
    return STATUS_BY_KIND[this.kind];
  }

  get code(): string {
    return this.specificCode ?? this.kind;
  }
}

export const notFound = (message: string) => new AppError('not_found', message);

/** An id from a path as the entity's uuid; a malformed one is simply an entity that does not exist (404 with `message`). */
export function idOrNotFound(id: string, message: string): string {
  const parsed = entityIdSchema.safeParse(id);
  if (!parsed.success) throw notFound(message);
  return parsed.data;
}

/** "1 second", "5 seconds": how long a refusal asks the caller to wait. */
export const inSeconds = (seconds: number) => `${seconds} second${seconds === 1 ? '' : 's'}`;

/** A refusal that passes by itself: the answer carries Retry-After, so clients and crawlers know when to ask again. */
export class TryAgainLater extends AppError {
  constructor(
    kind: 'too_many_requests' | 'busy',
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(kind, message);
  }
}

/** A request that did not pass its schema: every field's first problem, in the shop's words. */
export const schemaRefusal = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  new AppError('bad_request', describeRefusal(issues));
