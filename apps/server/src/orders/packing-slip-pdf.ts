import { countryName } from '@voltline/shared/country-names';
import { deliveryAddressLines, orderDeliveryAddress } from '@voltline/shared/delivery-address';
import type { Shipment } from '@voltline/shared/shipments';
import { formatOrderNumber } from '@voltline/shared/order-number';
import { formatLongDate } from '@voltline/shared/shop-constants';
import { BOLD, CONTENT_WIDTH, drawTable, MARGIN, REGULAR, renderPdf } from '../platform/pdf-document.ts';
import type { OrderRow } from './order-dto.ts';

const COLUMNS = [
  { label: 'Tool', x: MARGIN, width: 230, align: 'left' },
  { label: 'Units', x: 290, width: 50, align: 'right' },
  { label: 'Serial numbers', x: 350, width: 190, align: 'left' },
] as const;

/** Where the parcel goes, as its label takes it: the address's fields a line each, or its one text, then the country. */
function labelLines(order: OrderRow): string[] {
  const country = order.pricing?.country ?? null;
  const delivery = orderDeliveryAddress({ ...order, country });
  if (delivery) return deliveryAddressLines(delivery);
  return country === null ? [order.address] : [order.address, countryName(country)];
}

/**
 * The warehouse's packing slip of one parcel (issue 38): what goes in it, unit counts and serial
 * numbers, and where it goes; no prices (the invoice has them). Dated the parcel's day, so it prints
 * the same every time.
 */
export const renderPackingSlipPdf = (order: OrderRow, shipment: Shipment): Promise<Buffer> =>
  renderPdf(`Packing slip ${shipment._id}`, new Date(shipment.shippedAt), (doc) => {
    doc.font(BOLD).fontSize(20).text('Packing slip');
    doc.moveDown(0.5).font(REGULAR).fontSize(10);
    doc.text(`Order: ${formatOrderNumber(order.number)}`);
    doc.text(`Parcel: ${shipment._id}`);
    doc.text(`Shipped: ${formatLongDate(new Date(shipment.shippedAt), 'UTC')}`);
    if (shipment.carrier) doc.text(`Carrier: ${shipment.carrier}, tracking number ${shipment.trackingNumber}`);
    doc.moveDown();
    doc.font(BOLD).text('Deliver to');
    doc.font(REGULAR).text(order.buyer);
    for (const line of labelLines(order)) doc.text(line, { width: CONTENT_WIDTH });
    doc.text(`Phone: ${order.phone}`);
    doc.moveDown(1.5);
    drawTable(
      doc,
      COLUMNS,
      shipment.lines.map((line) => [line.product, String(line.quantity), line.serialNumbers.join(', ')]),
    );
  });
