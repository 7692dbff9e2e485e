import { eq } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { notFound } from '../../platform/app-error.ts';
import type { JsonCache } from '../../platform/cached-json.ts';
import type { OrderPricer } from '../../pricing/order-pricing.ts';
import type { OrderRow } from '../order-dto.ts';
import type { ReturnTerms } from './returns.ts';
import type { InvoiceIssuer, OrderNotifier, PaymentGateway, RestockAlerts } from './collaborators.ts';
import type { AuditActor } from '../../audit/audit-log.ts';

/** What every verb of the lifecycle works with. */
export interface LifecycleDeps {
  db: Database;
  /** Writes each change's mail and webhooks to the outbox, in the change's transaction. */
  notifier: OrderNotifier;
  /** Mails the back-in-stock alerts of a tool that can be ordered again, in the change's transaction. */
  restockAlerts: RestockAlerts;
  gateway: PaymentGateway;
  /** The catalogue shows stock: every verb that moves it forgets the cached pages. */
  catalogueCache: JsonCache;
  /** Numbers an invoice with each payment and a credit note with each refund, in their transaction. */
  invoices: InvoiceIssuer;
  /** Prices an order as it is placed (delivery, discounts, VAT), taking its coupon's use in its transaction. */
  pricer: OrderPricer;
  /** Where an order goes when its buyer did not say (the spec's POST /purchased): the shop's country (its tax settings). */
  shopCountry: () => Promise<string>;
  /** The withdrawal period and the warranty a return is judged by (decision 048). */
  returnTerms: ReturnTerms;
}

/**
 * Who acted; null when the shop itself did (a gateway's word, the expiry job). The audit log's
 * actor: a caller brings the client's address with it (decision 065).
 */
export type Actor = AuditActor;

const orderNotFound = () => notFound('Order not found');

/** Any order by id, cancelled ones included; a malformed id is an order that does not exist. */
export async function findOrder(db: Database, orderId: string): Promise<OrderRow> {
  const id = entityIdSchema.safeParse(orderId);
  if (!id.success) throw orderNotFound();
  const [row] = await db.select().from(orders).where(eq(orders.id, id.data));
  if (!row) throw orderNotFound();
  return row;
}
