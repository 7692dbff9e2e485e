import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_FILES, type DocumentFile, type OrderDocument } from '@voltline/shared/e-invoices';
import { TEXT_LIMITS } from '@voltline/shared/text-limits';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { DocumentDownload, InvoicesService } from './invoices-service.ts';
import { whenCallerGone } from '../platform/turns.ts';
import { idParamsSchema } from '@voltline/shared/id';
import { text } from '@voltline/shared/text';


/** Sent as a download; never cached by a shared cache (the document names its buyer). */
const sendDownload = (reply: FastifyReply, { fileName, contentType, content }: DocumentDownload) =>
  reply
    .type(contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(content);

/** What each document is, and each of its files, as /api/docs says it. */
const DOCUMENT_WORDS: Record<OrderDocument, string> = {
  invoice: "The order's invoice, issued when it was paid (409 while unpaid; an order on account's when it was placed)",
  'credit-note': "The order's latest credit note, or the one numbered `number` (each refund has one; the order's history lists them)",
};
const FILE_WORDS: Record<DocumentFile, string> = {
  pdf: 'as PDF.',
  xrechnung: "as an XRechnung e-invoice (EN 16931, UBL 2.1 XML): only a business account's order's (409 in words otherwise).",
  facturx: "as a Factur-X / ZUGFeRD e-invoice (EN 16931): the PDF as printed, PDF/A-3, with its CII XML attached (factur-x.xml). Only a business account's order's (409 in words otherwise).",
};

/** An order's invoice and credit notes as PDF, and a business account's as e-invoices: its buyer or staff who handle invoices. */
export function invoicesRoutes(invoices: InvoicesService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    for (const file of Object.keys(DOCUMENT_FILES) as DocumentFile[]) {
      app.get(
        `/purchasedSingle/:id/invoice${DOCUMENT_FILES[file]}`,
        {
          onRequest: guards.requireUserOrKey('invoices'),
          schema: { tags: ['orders'], summary: `${DOCUMENT_WORDS.invoice}, ${FILE_WORDS[file]} Its buyer or staff with the accounts role.`, params: idParamsSchema },
        },
        async (request, reply) =>
          sendDownload(reply, await invoices.documentFile(callerOf(request), request.params.id, { document: 'invoice', file }, whenCallerGone(reply.raw))),
      );

      app.get(
        `/purchasedSingle/:id/credit-note${DOCUMENT_FILES[file]}`,
        {
          onRequest: guards.requireUserOrKey('invoices'),
          schema: {
            tags: ['orders'],
            summary: `${DOCUMENT_WORDS['credit-note']}, ${FILE_WORDS[file]} Its buyer or staff with the accounts role.`,
            params: idParamsSchema,
            querystring: z.object({ number: text().max(TEXT_LIMITS.documentNumber).optional() }),
          },
        },
        async (request, reply) =>
          sendDownload(
            reply,
            await invoices.documentFile(callerOf(request), request.params.id, { document: 'credit-note', file, number: request.query.number }, whenCallerGone(reply.raw)),
          ),
      );
    }
  };
}
