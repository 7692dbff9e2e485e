import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@voltline/shared/id';
import { stockAlertMessages } from '@voltline/shared/stock-alert-messages';
import { stockAlertAnswerSchema, stockAlertCountSchema, stockAlertRequestSchema } from '@voltline/shared/stock-alerts';
import { text } from '@voltline/shared/text';
import type { StockAlertLimit } from '../http/rate-limits.ts';
import type { CallerGuards } from '../identity/caller.ts';
import { AppError } from '../platform/app-error.ts';
import { escapeHtml } from '../platform/mailer.ts';
import type { StockAlertsService } from './stock-alerts-service.ts';

const unsubscribeQuerySchema = z.object({ token: text().max(600) });

/** A page of its own for a mail reader: no app, no script, a form that works in any browser; the shop's icon, so the browser asks for no other. */
const page = (title: string, body: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5"><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/home">Back to the shop</a></p></main></body></html>\n`;

/**
 * Back in stock (decision 045): anyone asks for an alert on an out-of-stock tool; the mail's link
 * stops them. An admin reads how many wait per tool.
 */
export function stockAlertsRoutes(alerts: StockAlertsService, guards: CallerGuards, limit: StockAlertLimit): FastifyPluginAsyncZod {
  return async (app) => {
    // RFC 8058: a mail program's one-click unsubscribe is a form POST (List-Unsubscribe=One-Click); its
    // body says nothing the shop needs, the token in the address says everything.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));

    app.post(
      '/tools/:id/stock-alerts',
      {
        schema: {
          tags: ['catalogue'],
          summary:
            'Ask to be mailed once when an out-of-stock tool can be ordered again ("Tell me when it is back"). The answer is the same whether the email asked before or not; an orderable tool stores nothing (`waiting: false`). Public; a few per hour per email and per client address (STOCK_ALERT_RATE_LIMIT_PER_HOUR), then 429 with Retry-After.',
          params: idParamsSchema,
          body: stockAlertRequestSchema,
          response: { 200: stockAlertAnswerSchema },
        },
      },
      async (request) => {
        await limit(request);
        return alerts.ask(request.params.id, request.body.email);
      },
    );

    app.get(
      '/stock-alerts/unsubscribe',
      {
        schema: {
          tags: ['catalogue'],
          summary:
            "The back-in-stock mail's unsubscribe link: a page that asks before it stops anything (mail scanners follow links). Its button POSTs to the same address. Anyone holding the link.",
          querystring: unsubscribeQuerySchema,
        },
      },
      async (request, reply) => {
        if (!alerts.emailOf(request.query.token)) throw new AppError('bad_request', stockAlertMessages.badLink);
        const action = `?token=${encodeURIComponent(request.query.token)}`;
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(page(stockAlertMessages.unsubscribeQuestion, `<form method="post" action="${escapeHtml(action)}"><button type="submit">Stop these mails</button></form>`));
      },
    );

    app.post(
      '/stock-alerts/unsubscribe',
      {
        schema: {
          tags: ['catalogue'],
          summary:
            "One-click unsubscribe (RFC 8058, List-Unsubscribe-Post) and the unsubscribe page's button: deletes every back-in-stock alert of the link's email, open or mailed. Anyone holding the link.",
          querystring: unsubscribeQuerySchema,
        },
      },
      async (request, reply) => {
        const email = alerts.emailOf(request.query.token);
        if (!email) throw new AppError('bad_request', stockAlertMessages.badLink);
        await alerts.unsubscribe(email);
        return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page('Unsubscribed', `<p>${escapeHtml(stockAlertMessages.unsubscribed)}</p>`));
      },
    );

    app.get(
      '/admin/tools/:id/stock-alerts',
      {
        onRequest: guards.allow('catalogue'),
        schema: {
          tags: ['catalogue'],
          summary: 'How many back-in-stock alerts wait for the tool (open: not mailed yet). Admins only.',
          params: idParamsSchema,
          response: { 200: stockAlertCountSchema },
        },
      },
      (request) => alerts.waitingFor(request.params.id),
    );
  };
}
