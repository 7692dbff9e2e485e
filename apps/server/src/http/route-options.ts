import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import type { Page } from '../platform/paging.ts';
import type { RouteLimit } from './rate-limits.ts';
import { sendPage } from './replies.ts';

/**
 * How a route of the API is declared (decision 007): the schemas from packages/shared on the route,
 * who may call it (a guard before the body is read), its limit, and its words in the API document
 * (the section's tag, a summary that ends saying who may call). One owner for that shape, so a
 * domain's routes file reads as its list of routes: method, path, what it is, what it calls.
 */
interface RouteParts {
  /** Who may call, decided before the body is read: a guard of identity/caller.ts. */
  onRequest?: onRequestHookHandler;
  /** A write limit of http/rate-limits.ts. */
  config?: RouteLimit;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** What a 200 answers; a list a page at a time answers `z.array(item)` (pageOf). */
  answer?: z.ZodType;
}

/** The options of a route in the API document's sections `tags`: `route(summary, parts)`. */
export function routesTagged(...tags: string[]) {
  return <const Parts extends RouteParts>(summary: string, { onRequest, config, answer, ...schemas }: Parts) => ({
    ...(onRequest && { onRequest }),
    ...(config && { config }),
    schema: {
      tags,
      summary,
      ...schemas,
      ...((answer ? { response: { 200: answer } } : {}) as Parts['answer'] extends z.ZodType ? { response: { 200: Parts['answer'] } } : object),
    },
  });
}

/** A page of a list answers a JSON array of its items (the next page in the Link header). */
export const pageOf = <Item extends z.ZodType>(item: Item) => z.array(item);

/** A handler answering a page of what `load` reads, the link to the next page in the Link header (replies.ts). */
export const answerPage =
  <Request extends FastifyRequest, Item>(load: (request: Request, reply: FastifyReply) => Promise<Page<Item>>) =>
  async (request: Request, reply: FastifyReply) =>
    sendPage(request, reply, await load(request, reply));

/**
 * Puts `guard` first in the `onRequest` of every route the plugin `app` declares after this call:
 * a routes file whose every route has one door. On the route itself rather than as the plugin's
 * hook, so the API document reads each route's guard, and with it the API key scope it needs
 * (decision 066).
 */
export function guardEveryRoute(app: FastifyInstance, guard: onRequestHookHandler): void {
  app.addHook('onRoute', (options) => {
    options.onRequest = [guard, ...[options.onRequest ?? []].flat()];
  });
}
