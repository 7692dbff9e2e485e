import type { ApiError } from '@voltline/shared/api-error';
import { nextCursorFromLink } from '@voltline/shared/link-header';
import { MESSAGES } from '@voltline/shared/messages';
import { TWO_FACTOR_REQUIRED_CODE } from '@voltline/shared/shop-constants';
import { readAccessToken } from './session/access-token.ts';

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

/** Status 0: the request never got an answer (offline, server down). */
export const NETWORK_FAILURE_CODE = 'network_failure';

export interface ApiRequestInit extends RequestInit {
  /**
   * product.md, "What the shop says": a 401 or 403 on an authenticated call signs the user out and goes home. The spec
   * exempts a few calls (payment update, deliverConfirm, updateTool, purchasedSingle), which pass false.
   */
  signOutOnAuthFailure?: boolean;
}

/** How a request reaches the API: the browser's fetch, or the server's own app while it renders a page. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * The server renders public pages with this same code; it answers their calls in-process rather than
 * over HTTP to itself. Set once at start-up (every page the server renders reads the same shop).
 */
export function setApiTransport(serverTransport: ApiTransport): void {
  transport = serverTransport;
}

type AuthFailureHandler = () => void;
let authFailureHandler: AuthFailureHandler | undefined;

/**
 * The session layer registers what "signed out by the server" does. It is registered rather than
 * imported because the session layer itself calls the API through this module.
 * Returns the unregister function (for effect clean-up).
 */
export function registerAuthFailureHandler(handler: AuthFailureHandler): () => void {
  authFailureHandler = handler;
  return () => {
    if (authFailureHandler === handler) authFailureHandler = undefined;
  };
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

interface SendOptions {
  bearer: boolean;
  signOutOnAuthFailure: boolean;
}

/** Sends the request and answers the response once it is known to be a success. */
async function send(url: string, init: RequestInit, options: SendOptions): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !(init.body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const token = options.bearer ? readAccessToken() : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await transport(url, { ...init, headers });
  } catch (error) {
    // A cancelled query is not a failure to report; anything else thrown by fetch means no answer came.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, NETWORK_FAILURE_CODE, MESSAGES.networkFailure);
  }

  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    // An admin who must still turn on two-step sign-in is not signed out: the dashboard sends them to enrol (decision 062).
    const awaitingTwoFactor = isApiError(body) && body.error === TWO_FACTOR_REQUIRED_CODE;
    if ((response.status === 401 || response.status === 403) && options.signOutOnAuthFailure && !awaitingTwoFactor) authFailureHandler?.();
    throw isApiError(body)
      ? new ApiRequestError(response.status, body.error, body.message)
      : new ApiRequestError(response.status, 'unknown', `The server answered ${response.status}.`);
  }
  return response;
}

async function readJson<T>(response: Response): Promise<T> {
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  return body as T;
}

/** Calls the shop's API on the same origin (the server serves this app), JSON both ways, with the stored token. */
export async function apiRequest<T>(path: string, { signOutOnAuthFailure = true, ...init }: ApiRequestInit = {}): Promise<T> {
  return readJson<T>(await send(`/api${path}`, init, { bearer: true, signOutOnAuthFailure }));
}

/** Sends `body` as JSON with `method` to the shop's API (apiRequest), answering its JSON. */
export function apiSend<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, init: ApiRequestInit = {}): Promise<T> {
  return apiRequest<T>(path, { ...init, method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

/** One page of a list: its rows, and the cursor of the next page unless this is the last. */
export interface ApiPage<T> {
  items: T[];
  nextCursor?: string;
}

/**
 * Calls one of the shop's paged lists. The body stays the spec's JSON array; whether another page
 * follows is told by the `Link: <...>; rel="next"` header, read here once for every list.
 */
export async function apiPage<T>(path: string, { signOutOnAuthFailure = true, ...init }: ApiRequestInit = {}): Promise<ApiPage<T>> {
  const response = await send(`/api${path}`, init, { bearer: true, signOutOnAuthFailure });
  const items = (await readJson<T[] | undefined>(response)) ?? [];
  return { items, nextCursor: nextCursorFromLink(response.headers.get('Link')) };
}

/** A file the API sent, with the name it suggests (Content-Disposition), e.g. INV-000042.pdf. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | undefined;
}

/**
 * Fetches a file from the shop's API (a CSV export, an invoice) with the stored token, which a plain
 * link would not carry. Refusals are read and handled as apiRequest handles them.
 */
export async function apiDownload(path: string, { signOutOnAuthFailure = true, ...init }: ApiRequestInit = {}): Promise<DownloadedFile> {
  const response = await send(`/api${path}`, init, { bearer: true, signOutOnAuthFailure });
  const fileName = response.headers.get('Content-Disposition')?.match(/filename="([^"]+)"/)?.[1];
  return { blob: await response.blob(), fileName };
}

/**
 * Calls the identity service under /api/auth. It works with the session cookie alone, and its
 * 401s are answers to show (wrong password, unknown user), never a reason to sign out.
 */
export async function identityRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  return readJson<T>(await send(`/api/auth${path}`, init, { bearer: false, signOutOnAuthFailure: false }));
}

/** The text to show for a failed call: the server's message, or the network failure text. */
export function describeRequestError(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : MESSAGES.networkFailure;
}

/**
 * What a form shows for its mutations (TanStack Query's own state, one or several steps of one
 * submit): the failed one's refusal, in `describe`'s words, or null while idle, pending or done. A
 * new attempt clears it by itself (the mutation goes pending), or by `reset()` before checking the
 * fields, so a refusal never outlives the submit it answered.
 */
export function refusalOf(attempts: { error: unknown } | readonly { error: unknown }[], describe: (error: unknown) => string = describeRequestError): string | null {
  const failed = (Array.isArray(attempts) ? attempts : [attempts]).find((attempt: { error: unknown }) => attempt.error);
  return failed ? describe(failed.error) : null;
}
