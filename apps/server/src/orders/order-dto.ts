import type { Order } from '@voltline/shared/order';
import { orders } from '../db/schema.ts';
import type { KeysetOrder } from '../platform/paging.ts';

export type OrderRow = typeof orders.$inferSelect;

export function toOrderDto(row: OrderRow): Order {
  return {
    _id: row.id,
    toolId: row.toolId,
    product: row.product,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    price: row.price,
    img: row.img,
    buyer: row.buyer,
    buyerEamil: row.buyerEamil,
    phone: row.phone,
    address: row.address,
    purchaseDate: row.purchaseDate,
    status: row.status,
    transactionId: row.transactionId,
    delivery: row.delivery,
    refundedAmount: row.refundedAmount,
    cancelled: row.cancelledAt !== null,
  };
}

/** Every order list (My Orders, Manage All Orders, the CSV export) runs newest first. */
export const newestOrdersFirst: KeysetOrder = { key: orders.createdAt, keyType: 'timestamptz', id: orders.id, idType: 'uuid', direction: 'desc' };
