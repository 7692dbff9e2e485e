import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vatReportQuerySchema } from '@voltline/shared/vat-report';
import type { CallerGuards } from '../identity/caller.ts';
import type { VatReport } from './vat-report.ts';

/** The accountant's month (issue 29): admins only. */
export function vatReportRoutes(report: VatReport, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireAdmin);

    app.get(
      '/admin/vat-report',
      {
        schema: {
          tags: ['back office'],
          summary:
            "The month's VAT as a CSV file (?month=YYYY-MM, UTC days): a line per VAT treatment and rate with the net and VAT of the month's invoices, of its credit notes, and the difference (net, vat, gross); then the reverse-charge and export totals and the month's total. Amounts in dollars with two decimals. Admins only.",
          querystring: vatReportQuerySchema,
        },
      },
      async (request, reply) =>
        reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="voltline-vat-${request.query.month}.csv"`)
          .header('cache-control', 'private, no-store')
          .send(await report.monthCsv(request.query.month)),
    );
  };
}
