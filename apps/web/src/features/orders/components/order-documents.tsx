import { useMutation } from '@tanstack/react-query';
import type { Order } from '@voltline/shared/order';
import { DOCUMENT_FILES, orderDocumentPath, type DocumentFile, type OrderDocument } from '@voltline/shared/e-invoices';
import { apiDownload, describeRequestError } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';

/** One file of one of the order's documents. */
interface Download {
  document: OrderDocument;
  file: DocumentFile;
}

/** GET /api/purchasedSingle/{id}/invoice.pdf, credit-note.pdf (the latest) or their e-invoices, saved under the name the shop gives it. */
async function downloadOrderDocument({ orderId, document, file }: Download & { orderId: string }): Promise<void> {
  const saved = await apiDownload(orderDocumentPath(orderId, document, file));
  saveFile(saved.blob, saved.fileName ?? `${document}-${orderId}${DOCUMENT_FILES[file]}`);
}

/**
 * How the buttons read where they stand. On a card (My Orders, the end of a purchase) the card says
 * which order it is. In a row of Manage All Orders they are short, so the table fits a laptop, and
 * unlike each other (issue 26: two "Download" buttons looked alike); their accessible names say
 * which order, since a screen reader's list of buttons has no rows. Whole class names, so Tailwind
 * finds them in the source. A business account's documents add their e-invoices (decision 068).
 */
const PLACES = {
  card: {
    button: 'btn-sm',
    invoice: { pdf: 'Download invoice', xrechnung: 'Invoice as XRechnung (XML)', facturx: 'Invoice as Factur-X (PDF)' },
    'credit-note': { pdf: 'Download credit note', xrechnung: 'Credit note as XRechnung (XML)', facturx: 'Credit note as Factur-X (PDF)' },
  },
  row: {
    button: 'btn-xs',
    invoice: { pdf: 'Invoice', xrechnung: 'Invoice XML', facturx: 'Invoice Factur-X' },
    'credit-note': { pdf: 'Credit note', xrechnung: 'Credit note XML', facturx: 'Credit note Factur-X' },
  },
} as const;

/** How an e-invoice's button names its format to a screen reader. */
const FORMAT_NAMES: Record<DocumentFile, string> = { pdf: '', xrechnung: ' as XRechnung', facturx: ' as Factur-X' };

/** "Invoice INV-000042: order VL-10042, Ann Lee": the button's words first, then the order. */
function rowButtonName(order: Order, { document, file }: Download): string {
  const which = `order ${order.orderNumber}, ${order.buyer}`;
  const format = FORMAT_NAMES[file];
  return document === 'invoice' ? `Invoice ${order.invoiceNumber}${format}: ${which}` : `Credit note for invoice ${order.invoiceNumber}${format}: ${which}`;
}

/**
 * "Download invoice" on an order with an invoice (refunded ones too: the invoice stays valid), and
 * "Download credit note" once money went back; for a business account's order, each also as
 * XRechnung and Factur-X. An order without an invoice (paid before the shop issued invoices, or
 * refunded the moment its payment arrived) has no credit notes either: refunds are credited against
 * an invoice. The buyer's My Orders and the end of a purchase show them on a card, the admin's
 * Manage All Orders in a row.
 */
export function OrderDocuments({ order, place = 'card' }: { order: Order; place?: keyof typeof PLACES }) {
  const download = useMutation({ mutationFn: downloadOrderDocument });
  if (order.invoiceNumber === null) return null;
  const words = PLACES[place];
  const files: DocumentFile[] = order.companyName === null ? ['pdf'] : ['pdf', 'xrechnung', 'facturx'];
  const documents: OrderDocument[] = order.refundedAmount > 0 ? ['invoice', 'credit-note'] : ['invoice'];
  const button = (wanted: Download) => (
    <PendingButton
      key={`${wanted.document}${wanted.file}`}
      type="button"
      className={`btn btn-outline ${words.button}`}
      aria-label={place === 'row' ? rowButtonName(order, wanted) : undefined}
      onClick={() => download.mutate({ orderId: order._id, ...wanted })}
      pending={download.isPending && download.variables.document === wanted.document && download.variables.file === wanted.file}
      spinnerSize="xs"
    >
      {words[wanted.document][wanted.file]}
    </PendingButton>
  );
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2">{documents.flatMap((document) => files.map((file) => button({ document, file })))}</div>
      {download.isError && <FormMessage message={describeRequestError(download.error)} />}
    </div>
  );
}
