import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CATALOGUE_IMPORT_LIMITS,
  catalogueDryRunAnswerSchema,
  catalogueDryRunSchema,
  catalogueImportAnswerSchema,
  catalogueImportSchema,
} from '@voltline/shared/catalogue-import';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import { sendCsv } from '../http/replies.ts';
import { routesTagged, guardEveryRoute } from '../http/route-options.ts';
import type { CatalogueCsv } from './catalogue-csv.ts';

const route = routesTagged('catalogue');

/** A file's text in JSON is larger than the file: the request is bounded in bytes before it is read, the text by its schema. */
const importRequest = { bodyLimit: CATALOGUE_IMPORT_LIMITS.bytes };

/** The catalogue as a CSV file, out and in (decision 053). Every route: admins only. */
export function catalogueCsvRoutes(catalogueCsv: CatalogueCsv, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    // Before the body is read (decision 007): who may call is decided first, so a stranger sends no file.
    guardEveryRoute(app, guards.allow('catalogue'));

    app.get('/admin/catalogue/export.csv', route('Every tool as a CSV file streamed a page at a time: _id, sku, gtin, toolName, description, img, price, minimumOrderQuantity, availableQuantity, vatRate, category (its path of names, "Power tools > Drills"), then a column per specification. Cells that a spreadsheet would run as a formula start with an apostrophe, which the import takes off. Admins only.', {}),
      (_request, reply) => sendCsv(reply, 'voltline-catalogue.csv', Readable.from(catalogueCsv.exportCsv())));

    app.post('/admin/catalogue/import/dry-run', { ...route(`What a CSV file of the catalogue (the export's columns; those left out stay as they are) would do, writing nothing: the tools it would add, those it would change field by field (old -> new; a row finds its tool by SKU, else by _id), how many it leaves as they are, and every refusal (row, column, the reason in words: the tool form's rules, a category or specification that does not fit, a SKU, GTIN or name twice in the file or another tool's). \`token\` (null while anything is refused) confirms this file. At most ${CATALOGUE_IMPORT_LIMITS.rows} rows. Admins only.`, { body: catalogueDryRunSchema, answer: catalogueDryRunAnswerSchema }), ...importRequest },
      (request) => catalogueCsv.dryRun(request.body.csv));

    app.post('/admin/catalogue/import', { ...route('Import the file its dry run checked (`token`): every row in one transaction or none. A different file is refused (409), as is one the catalogue has changed under since (409, check it again) or that now has refused rows (422). A new stock is a counted stock movement ("imported from a CSV file"). Admins only.', { body: catalogueImportSchema, answer: catalogueImportAnswerSchema }), ...importRequest },
      (request) => catalogueCsv.importCsv(callerOf(request), request.body.csv, request.body.token));
  };
}
