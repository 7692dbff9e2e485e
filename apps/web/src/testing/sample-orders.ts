import type { Order } from '@voltline/shared/order';

/** A paid order of 4 drills at $250, invoiced, not shipped yet: component tests of every area start from it. */
export const paidOrder: Order = {
  _id: '6f1c2b3a4d5e6f7a8b9c0d1e',
  toolId: '6f1c2b3a4d5e6f7a8b9c0d1f',
  product: 'Cordless drill',
  quantity: 4,
  unitPrice: 250,
  price: 1000,
  img: '/catalogue/drill.svg',
  buyer: 'Ada Lovelace',
  buyerEamil: 'ada@example.com',
  phone: '+44 20 7946 0958',
  address: '1 Analytical Row, London',
  purchaseDate: 'Monday, Nov 23, 2026',
  status: 'paid',
  transactionId: 'pi_123',
  delivery: 'pending',
  refundedAmount: 0,
  invoiceNumber: 'INV-000042',
  cancelled: false,
  lines: [
    { toolId: '6f1c2b3a4d5e6f7a8b9c0d1f', product: 'Cordless drill', img: '/catalogue/drill.svg', quantity: 4, unitPrice: 250, lineTotal: 1000 },
  ],
};
