import { z } from 'zod';

/** Every 4xx/5xx body of the API has this shape. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const API_ERROR_CODES = {
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  paymentRefused: 'payment_refused',
  payloadTooLarge: 'payload_too_large',
  invalidData: 'invalid_data',
  tooManyRequests: 'too_many_requests',
  busy: 'busy',
  internal: 'internal',
} as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];
