import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SOCIAL_PROVIDER_IDS, sessionResponseSchema, socialProvidersResponseSchema, tokenRequestSchema, tokenResponseSchema } from '@voltline/shared/account';
import { text } from '@voltline/shared/text';
import { TWO_FACTOR_REFUSALS } from '@voltline/shared/two-factor';
import type { Config } from '../config.ts';
import { createSignInLimit } from '../http/rate-limits.ts';
import { AppError } from '../platform/app-error.ts';
import type { ProfilesService } from '../profiles/profiles-service.ts';
import type { ApiTokens } from './api-tokens.ts';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type Auth } from './better-auth.ts';
import { isSameEmail } from './caller.ts';
import { SOCIAL_PROVIDER_NAMES } from './social-providers.ts';

/**
 * The only calls of /api/auth that are not counted per client address: they check no password and
 * send no mail, and the web app makes them on every page. Everything else is counted (sign-in,
 * sign-up, password reset, verify-password, change-password, change-email, verification mail,
 * OAuth), so an endpoint a better-auth upgrade adds is limited until someone decides otherwise.
 */
const UNCOUNTED_AUTH_CALLS = new Set([
  'GET /get-session',
  'GET /list-sessions',
  'GET /list-accounts',
  'GET /ok',
  'GET /error',
  'POST /sign-out',
]);

/**
 * The path better-auth routes on: it reads `new URL(request.url).pathname`, which resolves `.` and
 * `..` segments, their `%2e` spellings and backslashes. Escapes are decoded as well, so no spelling
 * means one path here and another there. Undefined when an escape is broken.
 */
function routedPath(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url, 'http://shop.invalid').pathname);
  } catch {
    return undefined;
  }
}

function isCounted(method: string, url: string): boolean {
  const path = routedPath(url);
  if (path === undefined || !path.startsWith(`${AUTH_BASE_PATH}/`)) return true;
  return !UNCOUNTED_AUTH_CALLS.has(`${method} ${path.slice(AUTH_BASE_PATH.length)}`);
}

/** Only an address written exactly as it is routed reaches better-auth, so the count and the route agree. */
function assertPlainAuthPath(url: string): void {
  if (routedPath(url) !== url.split('?')[0]) {
    throw new AppError('bad_request', 'This sign-in address is not written plainly: leave out "." and ".." parts and %-escapes.');
  }
}

function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // request.ip honours TRUST_PROXY: a client-sent X-Forwarded-For counts only behind a trusted proxy.
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Whether the request carries a live identity session (its cookie): the server's own check before a login-only page. */
export async function hasLiveSession(auth: Auth, request: FastifyRequest): Promise<boolean> {
  return (await auth.api.getSession({ headers: toWebHeaders(request) })) !== null;
}

function parseJsonObject(text: string): { code?: string; message?: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

/** The second step's calls, whose refusals are told in the shop's words (decision 062). */
const TWO_FACTOR_PATH = `${AUTH_BASE_PATH}/two-factor/`;

/** A refusal of better-auth in the shop's words where the shop has its own, else the library's. */
function refusalMessage(path: string, code: string | undefined, message: string | undefined): string {
  if (code !== undefined && path.startsWith(TWO_FACTOR_PATH)) {
    if (code === 'INVALID_PASSWORD') return 'Your password is not right.';
    const words = TWO_FACTOR_REFUSALS[code];
    if (words) return words;
  }
  return message ?? 'The request could not be completed.';
}

/**
 * better-auth speaks Web Request/Response; this hands it Fastify's request and copies the answer
 * back. Its error bodies `{ code, message }` become the shop's `{ error, message }`.
 */
async function forwardToAuth(auth: Auth, publicUrl: string, request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, publicUrl);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers: toWebHeaders(request),
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);

  const text = response.body ? await response.text() : '';
  if (response.status >= 400) {
    const body = parseJsonObject(text);
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.send({
      error: (body.code ?? 'auth_error').toLowerCase(),
      message: refusalMessage(url.pathname, body.code, body.message),
    });
  }
  return reply.send(text === '' ? null : text);
}

export interface IdentityRouteDependencies {
  auth: Auth;
  tokens: ApiTokens;
  profiles: ProfilesService;
  config: Pick<Config, 'publicUrl' | 'trustedOrigins' | 'authRateLimit' | 'oauth'>;
}

export function registerAuthBridge(app: FastifyInstance, { auth, config }: IdentityRouteDependencies): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    config: createSignInLimit(config.authRateLimit, (request) => !isCounted(request.method, request.url)),
    handler: (request, reply) => {
      assertPlainAuthPath(request.url);
      return forwardToAuth(auth, config.publicUrl, request, reply);
    },
  });
}

/** The spec's token call, the session with its token in one answer, and the sign-in options the login screen shows. */
export function identityRoutes({ auth, tokens, profiles, config }: IdentityRouteDependencies): FastifyPluginAsyncZod {
  /** The calls that trust the session cookie: refused from another site's page. */
  function assertFromTheShop(request: FastifyRequest): void {
    const origin = request.headers.origin;
    if (origin !== undefined && !config.trustedOrigins.concat(new URL(config.publicUrl).origin).includes(origin)) {
      throw new AppError('forbidden', 'This request must come from the shop itself.');
    }
  }

  type IdentitySession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;

  /** The API token for the session's user, whose profile is made on their first token. */
  async function issueToken(session: IdentitySession): Promise<string> {
    await profiles.ensureProfile(session.user);
    return tokens.issue({
      userId: session.user.id,
      sessionId: session.session.id,
      email: session.user.email,
      sessionExpiresAt: new Date(session.session.expiresAt),
    });
  }

  return async (app) => {
    app.patch(
      '/user/:email',
      {
        schema: {
          tags: ['identity'],
          summary: 'An API token for the signed-in user (session cookie). Only for their own email.',
          params: z.object({ email: text().max(254) }),
          body: tokenRequestSchema.optional(),
          response: { 200: tokenResponseSchema },
        },
      },
      async (request) => {
        assertFromTheShop(request);
        const session = await auth.api.getSession({ headers: toWebHeaders(request) });
        if (!session) throw new AppError('unauthorized', 'Sign in to get an API token.');
        if (!isSameEmail(session.user.email, request.params.email)) {
          throw new AppError('forbidden', 'A token is only given to its own user.');
        }
        return { token: await issueToken(session) };
      },
    );

    app.post(
      '/session',
      {
        schema: {
          tags: ['identity'],
          summary: 'Who is signed in on this browser (session cookie) and their API token, in one answer; both null when nobody is.',
          body: z.strictObject({}).optional(),
          response: { 200: sessionResponseSchema },
        },
      },
      async (request, reply) => {
        assertFromTheShop(request);
        // As GET /api/auth/get-session does: a session read near its end is prolonged, and its cookie with it.
        const { headers, response: session } = await auth.api.getSession({ headers: toWebHeaders(request), returnHeaders: true });
        const cookies = headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        reply.header('Cache-Control', 'no-store');
        if (!session) return { user: null, token: null };
        const { id, name, email, image } = session.user;
        return { user: { id, name, email, image: image ?? null }, token: await issueToken(session) };
      },
    );

    app.get(
      '/social-providers',
      {
        schema: {
          tags: ['identity'],
          summary: 'Which social sign-ins this shop offers. Public.',
          response: { 200: socialProvidersResponseSchema },
        },
      },
      () => ({
        providers: SOCIAL_PROVIDER_IDS.map((id) => ({
          id,
          name: SOCIAL_PROVIDER_NAMES[id],
          enabled: config.oauth[id] !== undefined,
        })),
      }),
    );
  };
}
