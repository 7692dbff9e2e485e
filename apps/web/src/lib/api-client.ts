import type { ApiError } from '@voltline/shared/api-error';

/** A refusal from the API, carrying the server's code and human message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

// A hand-written check rather than the zod schema keeps zod out of the home page's bundle.
function isApiError(body: unknown): body is ApiError {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as ApiError).error === 'string' &&
    typeof (body as ApiError).message === 'string'
  );
}

/** Calls the shop's API on the same origin (the server serves this app), JSON both ways. */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !(init.body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const response = await fetch(`/api${path}`, { ...init, headers });
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    throw isApiError(body)
      ? new ApiRequestError(response.status, body.error, body.message)
      : new ApiRequestError(response.status, 'unknown', `The server answered ${response.status}.`);
  }
  return body as T;
}
