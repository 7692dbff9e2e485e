import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vatReportQuerySchema } from '@voltline/shared/vat-report';
import type { CallerGuards } from '../identity/caller.ts';
import type { VatReport } from './vat-report.ts';
import { sendCsv } from '../http/replies.ts';
import { routesTagged, guardEveryRoute } from '../http/route-options.ts';

const route = routesTagged('back office');

/** The accountant's month (issue 29): admins only. */
export function vatReportRoutes(report: VatReport, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, guards.allow('accounts'));

    app.get(
      '/admin/vat-report',
      route(
        "The month's VAT as a CSV file (?month=YYYY-MM, UTC days): a line per VAT treatment and rate with the net and VAT of the month's invoices, of its credit notes, and the difference (net, vat, gross); then the reverse-charge and export totals and the month's total. Amounts in the shop's currency (SHOP_CURRENCY) with two decimals. Admins only.",
        { querystring: vatReportQuerySchema },
      ),
      async (request, reply) => sendCsv(reply.header('cache-control', 'private, no-store'), `voltline-vat-${request.query.month}.csv`, await report.monthCsv(request.query.month)),
    );
  };
}
