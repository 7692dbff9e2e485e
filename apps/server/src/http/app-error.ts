import { API_ERROR_CODES, type ApiErrorCode } from '@voltline/shared/api-error';

/**
 * The one error type services throw for expected refusals. Its kind decides the HTTP status in
 * one place (statusOf), so services speak the shop's language and never HTTP.
 */
export type AppErrorKind =
  | 'INVALID_DATA'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE'
  | 'PAYMENT_REFUSED'
  | 'TOO_MANY_REQUESTS'
  | 'TOO_LARGE';

const statusByKind: Record<AppErrorKind, { status: number; code: ApiErrorCode }> = {
  INVALID_DATA: { status: 400, code: API_ERROR_CODES.badRequest },
  UNAUTHORIZED: { status: 401, code: API_ERROR_CODES.unauthorized },
  FORBIDDEN: { status: 403, code: API_ERROR_CODES.forbidden },
  NOT_FOUND: { status: 404, code: API_ERROR_CODES.notFound },
  CONFLICT: { status: 409, code: API_ERROR_CODES.conflict },
  UNPROCESSABLE: { status: 422, code: API_ERROR_CODES.invalidData },
  PAYMENT_REFUSED: { status: 402, code: API_ERROR_CODES.paymentRefused },
  TOO_MANY_REQUESTS: { status: 429, code: API_ERROR_CODES.tooManyRequests },
  TOO_LARGE: { status: 413, code: API_ERROR_CODES.payloadTooLarge },
};

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
    return statusByKind[this.kind].status;
  }

  get code(): string {
    return this.specificCode ?? statusByKind[this.kind].code;
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
