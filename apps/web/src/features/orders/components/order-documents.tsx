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

// Whole class names, so Tailwind finds them in the source.
const BUTTON_SIZES = { xs: 'btn-xs', sm: 'btn-sm' } as const;

/**
 * "Download invoice" on an order with an invoice (refunded ones too: the invoice stays valid), and
 * "Download credit note" once money went back. An order without one (paid before the shop issued
 * invoices, or refunded the moment its payment arrived) has no credit notes either: refunds are
 * credited against an invoice. The buyer's My Orders and the admin's Manage All Orders share it.
 */
export function OrderDocuments({ order, size = 'sm' }: { order: Order; size?: keyof typeof BUTTON_SIZES }) {
  const download = useMutation({ mutationFn: downloadOrderDocument });
  if (order.invoiceNumber === null) return null;
  const button = (document: OrderDocument, label: string) => (
    <PendingButton
      type="button"
      className={`btn btn-outline ${BUTTON_SIZES[size]}`}
      onClick={() => download.mutate({ orderId: order._id, document })}
      pending={download.isPending && download.variables.document === document}
      spinnerSize="xs"
    >
      {label}
    </PendingButton>
  );
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2">
        {button('invoice', 'Download invoice')}
        {order.refundedAmount > 0 && button('credit-note', 'Download credit note')}
      </div>
      {download.isError && <FormMessage message={describeRequestError(download.error)} />}
    </div>
  );
}
