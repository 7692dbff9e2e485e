import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEXT_LIMITS } from '@voltline/shared/text-limits';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { InvoicesService, PdfFile } from './invoices-service.ts';
import { whenCallerGone } from '../platform/turns.ts';
import { idParamsSchema } from '@voltline/shared/id';
import { text } from '@voltline/shared/text';


/** Sent as a download; never cached by a shared cache (the document names its buyer). */
const sendPdf = (reply: FastifyReply, { fileName, pdf }: PdfFile) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);

/** An order's invoice and credit notes as PDF: its buyer or an admin. */
export function invoicesRoutes(invoices: InvoicesService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/purchasedSingle/:id/invoice.pdf',
      {
        onRequest: guards.requireUserOrKey('invoices'),
        schema: {
          tags: ['orders'],
          summary: "The order's invoice as PDF, issued when it was paid (409 while unpaid). Its buyer or an admin.",
          params: idParamsSchema,
        },
      },
      async (request, reply) => sendPdf(reply, await invoices.invoicePdf(callerOf(request), request.params.id, whenCallerGone(reply.raw))),
    );

    app.get(
      '/purchasedSingle/:id/credit-note.pdf',
      {
        onRequest: guards.requireUserOrKey('invoices'),
        schema: {
          tags: ['orders'],
          summary: "The order's latest credit note as PDF, or the one numbered `number` (each refund has one; the order's history lists them). Its buyer or an admin.",
          params: idParamsSchema,
          querystring: z.object({ number: text().max(TEXT_LIMITS.documentNumber).optional() }),
        },
      },
      async (request, reply) =>
        sendPdf(reply, await invoices.creditNotePdf(callerOf(request), request.params.id, request.query.number, whenCallerGone(reply.raw))),
    );
  };
}
