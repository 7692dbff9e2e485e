import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@voltline/shared/order';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { paidOrder } from '../../../testing/sample-orders.ts';
import { OrderDocuments } from './order-documents.tsx';

const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent);

describe('order documents', () => {
  it('offers the invoice of a paid order, and its credit note once money went back', () => {
    const { unmount } = renderWithShop(<OrderDocuments order={paidOrder} />);
    expect(buttonNames()).toEqual(['Download invoice']);
    unmount();
    renderWithShop(<OrderDocuments order={{ ...paidOrder, status: 'refunded', refundedAmount: 1000, delivery: null, cancelled: true }} />);
    expect(buttonNames()).toEqual(['Download invoice', 'Download credit note']);
  });

  it('names them apart in a row of Manage All Orders, saying which order each belongs to', () => {
    const refunded: Order = { ...paidOrder, status: 'refunded', refundedAmount: 1000, delivery: null, cancelled: true };
    renderWithShop(<OrderDocuments order={refunded} place="row" />);
    expect(buttonNames()).toEqual(['Invoice', 'Credit note']);
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Invoice INV-000042: order VL-10042, Ada Lovelace',
      'Credit note for invoice INV-000042: order VL-10042, Ada Lovelace',
    ]);
    // The accessible name is the one a screen reader and a voice command use.
    screen.getByRole('button', { name: 'Credit note for invoice INV-000042: order VL-10042, Ada Lovelace' });
  });

  it('offers nothing for an order without an invoice: unpaid, or refunded the moment its payment arrived', () => {
    const unpaid: Order = { ...paidOrder, status: 'unpaid', transactionId: null, delivery: null, invoiceNumber: null };
    const { unmount } = renderWithShop(<OrderDocuments order={unpaid} />);
    expect(buttonNames()).toEqual([]);
    unmount();
    const refundedOnArrival: Order = { ...paidOrder, status: 'refunded', refundedAmount: 1000, delivery: null, cancelled: true, invoiceNumber: null };
    renderWithShop(<OrderDocuments order={refundedOnArrival} />);
    expect(buttonNames()).toEqual([]);
  });

  it("adds each document's e-invoices (XRechnung, Factur-X) for a business account's order (decision 068)", () => {
    const business: Order = { ...paidOrder, companyName: 'Ohm & Sons Ltd', status: 'refunded', refundedAmount: 10, delivery: null };
    const { unmount } = renderWithShop(<OrderDocuments order={business} />);
    expect(buttonNames()).toEqual([
      'Download invoice',
      'Invoice as XRechnung (XML)',
      'Invoice as Factur-X (PDF)',
      'Download credit note',
      'Credit note as XRechnung (XML)',
      'Credit note as Factur-X (PDF)',
    ]);
    unmount();
    renderWithShop(<OrderDocuments order={business} place="row" />);
    screen.getByRole('button', { name: 'Invoice INV-000042 as XRechnung: order VL-10042, Ada Lovelace' });
    screen.getByRole('button', { name: 'Credit note for invoice INV-000042 as Factur-X: order VL-10042, Ada Lovelace' });
  });
});
