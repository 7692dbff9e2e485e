import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { couponMessages } from '@voltline/shared/coupons';
import { stockAlertMessages } from '@voltline/shared/stock-alert-messages';
import type { StockAlertRequest } from '@voltline/shared/stock-alerts';
import type { Config, WriteRateLimits } from '../config.ts';
import { callerOf } from '../identity/caller.ts';
import { AppError, inSeconds, TryAgainLater } from '../platform/app-error.ts';
import { sharedOrLocalStore } from '../platform/rate-limit-store.ts';
import type { RedisLink } from '../platform/redis.ts';
import { createTurnsPerCaller, unrationed, whenCallerGone, type Ration } from '../platform/turns.ts';
import { WRONG_COUPON_CODE } from '../pricing/coupon-uses.ts';

/**
 * Every limit the shop puts on how often a caller may ask (docs/decisions/030): sign-in, writes, the
 * "Ask us anything" form, link preview drawings and uncached public reads. The counted ones are
 * counted by @fastify/rate-limit in one store, so they hold across instances with Redis; their keys
 * are all here:
 *
 *   voltline-rate-limit:<METHOD><route>-<key>  (the store adds the route to a route's own limit)
 *     sign-in (/api/auth/*)    <client address>
 *     writes                   <account id>
 *     queries                  query:<client address>
 *     my data downloads        my-data:<account id>
 *     back-in-stock alerts     stock-alert:email:<email>, stock-alert:address:<client address>  (counted apart from the route, after the body is read)
 *     link preview drawings    share-image:<client address>  (counted apart from the route: only drawings count)
 *     wrong coupon codes       wrong-coupon-codes:account:<account id>, wrong-coupon-codes:address:<client address>
 *                              (counted apart from the routes: only codes that cannot be used count)
 *     API key calls            api-key:<key id>  (counted apart from the routes: every call a guard let a key make)
 */
const REDIS_KEY_PREFIX = 'voltline-rate-limit:';

/**
 * Registers the counting (before any limited route): nothing is limited unless a route asks.
 * With Redis the counters are shared, so a limit holds across every instance behind the balancer;
 * while Redis is away each instance counts on its own (rate-limit-store.ts): never unlimited, never a 500.
 */
export async function registerRateLimits(app: FastifyInstance, redis: RedisLink | undefined): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { store: sharedOrLocalStore(redis, REDIS_KEY_PREFIX) } : {}),
  });
}

/** The route config a limited route carries (`config` of app.post). */
export interface RouteLimit {
  rateLimit: RateLimitOptions;
}

/**
 * Sign-in, sign-up, password reset and the other calls of /api/auth that check a password or send
 * mail: `max` per client address in the window, except the calls `isUncounted` names (identity says
 * which: auth-routes.ts).
 */
export function createSignInLimit(
  { max, windowSeconds }: Config['authRateLimit'],
  isUncounted: (request: FastifyRequest) => boolean,
): RouteLimit {
  return {
    rateLimit: {
      max,
      timeWindow: windowSeconds * 1000,
      keyGenerator: (request: FastifyRequest) => request.ip,
      allowList: isUncounted,
      errorResponseBuilder: (_request: FastifyRequest, context: { after: string; statusCode: number }) =>
        Object.assign(new Error(`Too many attempts from your address. Try again in ${context.after}.`), {
          statusCode: context.statusCode,
        }),
    },
  };
}

type WriteKind = keyof WriteRateLimits;

/** What the account was doing too quickly, as the refusal says it. */
const ACTIVITY: Record<WriteKind, string> = {
  orders: 'placing orders',
  cart: 'changing your cart',
  reviews: 'adding reviews',
  uploads: 'uploading pictures',
  webhookEndpoints: 'adding webhook endpoints',
};

/**
 * At most `perMinute` writes of one kind per signed-in account. The count runs as a preHandler
 * after the route's guard, so it is keyed on the account the token proves, whatever addresses the
 * calls come from; with Redis it is shared by every instance (registerRateLimits).
 */
function perAccountLimit(kind: WriteKind, perMinute: number): RouteLimit {
  return {
    rateLimit: {
      max: perMinute,
      timeWindow: 60_000,
      hook: 'preHandler',
      keyGenerator: (request: FastifyRequest) => callerOf(request).userId,
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError(
          'too_many_requests',
          `You are ${ACTIVITY[kind]} too quickly. Try again in ${inSeconds(seconds)}.`,
        );
      },
    },
  };
}

/** "5 minutes", "1 minute", "30 seconds": an hour's window is told in minutes. */
const waitText = (seconds: number) => {
  if (seconds < 60) return inSeconds(seconds);
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * At most `perHour` "Ask us anything" queries per client address. Anyone may send one, signed in or
 * not, so the address is all there is to count by (behind a proxy, the one TRUST_PROXY believes).
 */
export function createQueryLimit(perHour: number): RouteLimit {
  return {
    rateLimit: {
      max: perHour,
      timeWindow: 3_600_000,
      keyGenerator: (request: FastifyRequest) => `query:${request.ip}`,
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError('too_many_requests', `You are sending queries too quickly. Try again in ${waitText(seconds)}.`);
      },
    },
  };
}

/** At most `perHour` calls of one kind per account, counted after the route's guard; past that 429, `refusal` saying what. */
function perAccountHourLimit(kind: string, perHour: number, refusal: string): RouteLimit {
  return {
    rateLimit: {
      max: perHour,
      timeWindow: 3_600_000,
      hook: 'preHandler',
      keyGenerator: (request: FastifyRequest) => `${kind}:${callerOf(request).userId}`,
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError('too_many_requests', `${refusal} Try again in ${waitText(seconds)}.`);
      },
    },
  };
}

/** At most `perHour` downloads of "my data" per account: each reads everything the shop keeps about that person. */
export function createMyDataLimit(perHour: number): RouteLimit {
  return perAccountHourLimit('my-data', perHour, 'You have downloaded your data several times this hour.');
}

/** At most `perHour` tries to delete one's account (each checks the password again): a stolen token cannot guess the password through it. */
export function createAccountDeletionLimit(perHour: number): RouteLimit {
  return perAccountHourLimit('forget-me', perHour, 'You have tried to delete your account several times this hour.');
}

/** One limit per kind of write a customer or admin can repeat: orders, cart changes, reviews, uploads, webhook endpoints. */
export function createWriteLimits(limits: WriteRateLimits): Record<WriteKind, RouteLimit> {
  return {
    orders: perAccountLimit('orders', limits.orders),
    cart: perAccountLimit('cart', limits.cart),
    reviews: perAccountLimit('reviews', limits.reviews),
    uploads: perAccountLimit('uploads', limits.uploads),
    webhookEndpoints: perAccountLimit('webhookEndpoints', limits.webhookEndpoints),
  };
}

/**
 * Counts one link preview picture about to be drawn for this client address, `perMinute` at most
 * (docs/decisions/021); past that, 429 with Retry-After. Counted only when a picture has to be drawn:
 * pictures already drawn are served to anyone, as often as asked. Needs registerRateLimits first.
 */
export function createShareImageDrawingLimit(app: FastifyInstance, perMinute: number): (request: FastifyRequest) => Promise<void> {
  const countDrawing = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `share-image:${request.ip}`,
  });
  return async (request) => {
    const limit = await countDrawing(request);
    if (!limit.isAllowed && limit.isExceeded) {
      const seconds = Math.max(1, limit.ttlInSeconds);
      throw new TryAgainLater('too_many_requests', `Too many new link preview pictures were asked for from your address. Try again in ${inSeconds(seconds)}.`, seconds);
    }
  };
}

/**
 * Counts a back-in-stock alert asked for (decision 045): `perHour` per email, so no one fills an
 * address's inbox with alerts, and ten times that per client address, so no one address signs up a
 * list of others. Counted before the request is looked at, whether the email asked before or not, so
 * the limit says nothing about who did. Past either, 429 with Retry-After. Needs registerRateLimits first.
 */
export function createStockAlertLimit(app: FastifyInstance, perHour: number): (request: FastifyRequest) => Promise<void> {
  const counter = (max: number, key: (request: FastifyRequest) => string) =>
    app.createRateLimit({ max, timeWindow: 3_600_000, keyGenerator: (request: FastifyRequest) => `stock-alert:${key(request)}` });
  const counters = [
    counter(perHour * 10, (request) => `address:${request.ip}`),
    // The body passed the route's schema before the handler counts it.
    counter(perHour, (request) => `email:${(request.body as StockAlertRequest).email.toLowerCase()}`),
  ];
  return async (request) => {
    for (const count of counters) {
      const limit = await count(request);
      if (!limit.isAllowed && limit.isExceeded) {
        const seconds = Math.max(1, limit.ttlInSeconds);
        throw new TryAgainLater('too_many_requests', stockAlertMessages.tooMany(waitText(seconds)), seconds);
      }
    }
  };
}
export type StockAlertLimit = ReturnType<typeof createStockAlertLimit>;

/**
 * Public reads that memory cannot answer (an odd cursor or limit, a search, an unknown tool id) each
 * cost the database a query. One client address gets `perSecond` of them, one at a time, 32 waiting
 * at most (then 429 with Retry-After): a flood of them from one address takes a bounded share of the
 * shop, while cached pages answer everyone, that address included, as before. Visitors behind one
 * address (an office) share it; at 40 uncached pages a second (the default) they do not notice.
 * 0 turns it off (the test suites, which read thousands of pages from one address). Taken in turns
 * in this instance's memory, not counted in the store: a read waits for its turn rather than being refused.
 */
export function createPublicReadRations(perSecond: number): (request: FastifyRequest, reply: FastifyReply) => Ration {
  if (perSecond === 0) return () => unrationed;
  const turns = createTurnsPerCaller(
    { atOnce: 1, queueLength: 32, spacingMs: 1000 / perSecond, retryAfterSeconds: 2 },
    { kind: 'too_many_requests', message: (wait) => `You are asking for many different pages at once. Try again in ${wait}.` },
  );
  // A read whose caller has gone (a closed page, a cancelled fetch) leaves the address's queue at once.
  return (request, reply) => (task) => turns(request.ip, task, whenCallerGone(reply.raw));
}
export type PublicReadRations = ReturnType<typeof createPublicReadRations>;

/**
 * Runs the work of a request that names a coupon code (the quote, the checkout, POST /purchased),
 * counting the codes that cannot be used (WRONG_COUPON_CODE) per account and per client address:
 * past `perHour` of either in the hour, any code is refused with 429 and Retry-After before it is
 * looked at, so guessing codes gets `perHour` answers an hour (decision 039). Codes that apply are
 * not counted. An account's codes are judged one after another in this instance (16 waiting at
 * most, then 429), so a burst of guesses sent at once is counted as if sent one by one. Not an
 * address's: customers behind one address (an office, a carrier's NAT) would wait for each other,
 * and new accounts to spread guesses over are themselves limited per address (sign-up).
 */
export function createWrongCouponCodeLimit(app: FastifyInstance, perHour: number) {
  const counter = (key: (request: FastifyRequest) => string) =>
    app.createRateLimit({ max: perHour, timeWindow: 3_600_000, keyGenerator: (request: FastifyRequest) => `wrong-coupon-codes:${key(request)}` });
  const counters = [counter((request) => `account:${callerOf(request).userId}`), counter((request) => `address:${request.ip}`)];
  const turns = createTurnsPerCaller(
    { atOnce: 1, queueLength: 16, retryAfterSeconds: 2 },
    { kind: 'too_many_requests', message: (wait) => `You are trying many codes at once. Try again in ${wait}.` },
  );

  async function judged<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    for (const count of counters) {
      const counted = await count(request, { increment: false });
      if (!counted.isAllowed && counted.remaining === 0) {
        const seconds = Math.max(1, counted.ttlInSeconds);
        throw new TryAgainLater('too_many_requests', couponMessages.tooManyWrongCodes(waitText(seconds)), seconds);
      }
    }
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.code === WRONG_COUPON_CODE) for (const count of counters) await count(request);
      throw error;
    }
  }

  return <T>(request: FastifyRequest, couponCode: string | undefined, work: () => Promise<T>): Promise<T> => {
    if (!couponCode) return work();
    return turns(callerOf(request).userId, () => judged(request, work));
  };
}
export type WrongCouponCodeLimit = ReturnType<typeof createWrongCouponCodeLimit>;

/**
 * Counts a call an API key makes (decision 066): `perMinute` per key, whatever route and instance,
 * after the route's guard has found the key and let it in; past that, 429 with Retry-After. People's
 * calls are not counted here. Needs registerRateLimits first; run as a preHandler of every /api route.
 */
export function createApiKeyLimit(app: FastifyInstance, perMinute: number): (request: FastifyRequest) => Promise<void> {
  const countCall = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `api-key:${request.caller?.apiKey?.id}`,
  });
  return async (request) => {
    if (!request.caller?.apiKey) return;
    const limit = await countCall(request);
    if (!limit.isAllowed && limit.isExceeded) {
      const seconds = Math.max(1, limit.ttlInSeconds);
      throw new TryAgainLater('too_many_requests', `This API key has made more than ${perMinute} calls this minute. Try again in ${inSeconds(seconds)}.`, seconds);
    }
  };
}
