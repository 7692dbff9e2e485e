import { apiErrorSchema } from '@voltline/shared/api-error';

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

/** Calls the shop's API on the same origin (the server serves this app), JSON both ways. */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !(init.body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const response = await fetch(`/api${path}`, { ...init, headers });
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(body);
    throw parsed.success
      ? new ApiRequestError(response.status, parsed.data.error, parsed.data.message)
      : new ApiRequestError(response.status, 'unknown', `The server answered ${response.status}.`);
  }
  return body as T;
}
