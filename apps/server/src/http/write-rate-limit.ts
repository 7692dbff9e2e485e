import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { WriteRateLimits } from '../config.ts';
import { callerOf } from '../identity/caller.ts';
import { AppError, inSeconds } from '../platform/app-error.ts';

type WriteKind = keyof WriteRateLimits;

/** What the account was doing too quickly, as the refusal says it. */
const ACTIVITY: Record<WriteKind, string> = {
  orders: 'placing orders',
  reviews: 'adding reviews',
  uploads: 'uploading pictures',
  webhookEndpoints: 'adding webhook endpoints',
};

/** The route config a limited write carries (`config` of app.post). */
export interface WriteLimit {
  rateLimit: RateLimitOptions;
}

/**
 * At most `perMinute` writes of one kind per signed-in account. The count runs as a preHandler
 * after the route's guard, so it is keyed on the account the token proves, whatever addresses the
 * calls come from; with Redis it is shared by every instance (app.ts registers the store).
 */
function perAccountLimit(kind: WriteKind, perMinute: number): WriteLimit {
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
export function createQueryLimit(perHour: number): WriteLimit {
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

/** One limit per kind of write a customer or admin can repeat: orders, reviews, uploads, webhook endpoints. */
export function createWriteLimits(limits: WriteRateLimits): Record<WriteKind, WriteLimit> {
  return {
    orders: perAccountLimit('orders', limits.orders),
    reviews: perAccountLimit('reviews', limits.reviews),
    uploads: perAccountLimit('uploads', limits.uploads),
    webhookEndpoints: perAccountLimit('webhookEndpoints', limits.webhookEndpoints),
  };
}
