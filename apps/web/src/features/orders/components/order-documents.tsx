import { useMutation } from '@tanstack/react-query';
import type { Order } from '@voltline/shared/order';
import { apiDownload, describeRequestError } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';

type OrderDocument = 'invoice' | 'credit-note';

/** GET /api/purchasedSingle/{id}/invoice.pdf or credit-note.pdf (the latest), saved under the name the shop gives it. */
async function downloadOrderDocument({ orderId, document }: { orderId: string; document: OrderDocument }): Promise<void> {
  const file = await apiDownload(`/purchasedSingle/${encodeURIComponent(orderId)}/${document}.pdf`);
  saveFile(file.blob, file.fileName ?? `${document}-${orderId}.pdf`);
}

/**
 * How the buttons read where they stand. On a card (My Orders, the end of a purchase) the card says
 * which order it is. In a row of Manage All Orders they are short, so the table fits a laptop, and
 * unlike each other (issue 26: two "Download" buttons looked alike); their accessible names say
 * which order, since a screen reader's list of buttons has no rows. Whole class names, so Tailwind
 * finds them in the source.
 */
const PLACES = {
  card: { button: 'btn-sm', invoice: 'Download invoice', 'credit-note': 'Download credit note' },
  row: { button: 'btn-xs', invoice: 'Invoice', 'credit-note': 'Credit note' },
} as const;

/** "Invoice INV-000042: order VL-10042, Ann Lee": the button's words first, then the order. */
function rowButtonName(order: Order, document: OrderDocument): string {
  const which = `order ${order.orderNumber}, ${order.buyer}`;
  return document === 'invoice' ? `Invoice ${order.invoiceNumber}: ${which}` : `Credit note for invoice ${order.invoiceNumber}: ${which}`;
}

/**
 * "Download invoice" on an order with an invoice (refunded ones too: the invoice stays valid), and
 * "Download credit note" once money went back. An order without one (paid before the shop issued
 * invoices, or refunded the moment its payment arrived) has no credit notes either: refunds are
 * credited against an invoice. The buyer's My Orders and the end of a purchase show them on a card,
 * the admin's Manage All Orders in a row.
 */
export function OrderDocuments({ order, place = 'card' }: { order: Order; place?: keyof typeof PLACES }) {
  const download = useMutation({ mutationFn: downloadOrderDocument });
  if (order.invoiceNumber === null) return null;
  const words = PLACES[place];
  const button = (document: OrderDocument) => (
    <PendingButton
      type="button"
      className={`btn btn-outline ${words.button}`}
      aria-label={place === 'row' ? rowButtonName(order, document) : undefined}
      onClick={() => download.mutate({ orderId: order._id, document })}
      pending={download.isPending && download.variables.document === document}
      spinnerSize="xs"
    >
      {words[document]}
    </PendingButton>
  );
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2">
        {button('invoice')}
        {order.refundedAmount > 0 && button('credit-note')}
      </div>
      {download.isError && <FormMessage message={describeRequestError(download.error)} />}
    </div>
  );
}
