import type { SQL } from 'drizzle-orm';
import type { PaymentProvider } from '@voltline/shared/payment';
import type { Return, ReturnStatus } from '@voltline/shared/returns';
import type { Shipment } from '@voltline/shared/shipments';
import type { DbExecutor, DbTransaction } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import type { StockFacts, StockLevelsBefore } from '../low-stock.ts';
import type { orderJson, OrderRow } from '../order-dto.ts';

/*
 * What the lifecycle asks of the folders that serve it inside its transactions: the card gateway
 * (payments/), the invoice register (invoices/) and the notifier (notifications/). Those folders read
 * orders, so orders says here what it needs and they implement it; orders imports none of them, and
 * the domain folders import each other one way (docs/decisions/040). The shop wires the real ones
 * (shop-core.ts).
 */

/** A payment intent as the shop needs to know it, whichever gateway holds it. */
export interface GatewayIntent {
  id: string;
  clientSecret: string;
  amountCents: number;
  /** ISO 4217, upper case: what the amount is in. A payment counts only in the shop's currency. */
  currency: string;
  orderId: string | undefined;
  succeeded: boolean;
}

/**
 * The card payment provider behind the shop: Stripe, or the built-in offline test gateway.
 * The server asks the gateway, never the browser, whether an intent was paid.
 */
export interface PaymentGateway {
  provider: PaymentProvider;
  /** What the browser needs to show the card form. */
  publishableKey: string | null;
  /** The shop's currency (SHOP_CURRENCY, upper case): every intent is created in it (decision 067). */
  currency: string;
  createIntent(input: { orderId: string; amountCents: number }): Promise<GatewayIntent>;
  /** The intent as the gateway knows it now; null for an id it never issued. */
  retrieveIntent(intentId: string): Promise<GatewayIntent | null>;
  /**
   * Gives `amountCents` of a succeeded intent back to the card. The key makes a retry of the same
   * refund (after a crash or a lost answer) return the first refund instead of paying out twice.
   */
  refund(input: { intentId: string; amountCents: number; idempotencyKey: string }): Promise<{ refundId: string }>;
}

export const paymentNotVerified = () =>
  new AppError('invalid_data', 'The payment could not be verified with the card provider. The order stays unpaid.');

/** An issued invoice or credit note as the lifecycle passes it on: the history names its number, the buyer's mail carries it. */
interface IssuedDocument {
  id: string;
  number: string;
}

/** Numbers an invoice with each payment and a credit note with each refund, in their transaction (invoices/invoice-register.ts). */
export interface InvoiceIssuer {
  issueInvoice(tx: DbTransaction, order: OrderRow): Promise<{ invoice: IssuedDocument; invoiced: OrderRow }>;
  /** Undefined when the order has no invoice to credit (paid before the shop issued invoices). */
  issueCreditNote(tx: DbTransaction, order: OrderRow, refund: { amountCents: number; reason: string }): Promise<IssuedDocument | undefined>;
}

/**
 * What each order change tells the buyer, the shop (SHOP_NOTIFY_EMAIL) and subscribed systems,
 * written to the outbox in the change's transaction (notifications/order-notifier.ts).
 */
export interface OrderNotifier {
  /** The outbox rows of the order the placing statement inserts (its CTE `placed`, decision 016), as SQL for that statement. */
  placedRows(placed: 'placed', placedLines: string, figures: Parameters<typeof orderJson>[2], now: Date): SQL;
  paid(executor: DbExecutor, order: OrderRow, invoice?: IssuedDocument): Promise<void>;
  /** A parcel left: the buyer's mail says what is in it and how to track it; `complete` when it was the order's last unit. */
  shipmentCreated(executor: DbExecutor, order: OrderRow, shipment: Shipment, complete: boolean): Promise<void>;
  cancelled(executor: DbExecutor, order: OrderRow, reason: string): Promise<void>;
  /** An order on account past its due date (decision 060): the buyer's reminder, its invoice attached. */
  overdue(executor: DbExecutor, order: OrderRow, reminder: { daysOverdue: number; invoice: IssuedDocument | undefined }): Promise<void>;
  refunded(executor: DbExecutor, order: OrderRow, refund: { amountCents: number; reason: string }, creditNote?: IssuedDocument): Promise<void>;
  /** A return's step: the buyer's mail at each (the request's is the durable acknowledgement), the webhook at requested, received and refunded. */
  returnChanged(executor: DbExecutor, order: OrderRow, ret: Return, step: ReturnStatus): Promise<void>;
  /** A change of the tool's stock or minimum: `tool.stock_low` once when the stock falls below the minimum. */
  stockChanged(executor: DbExecutor, tool: StockFacts, before: StockLevelsBefore): Promise<void>;
}

/**
 * The back-in-stock alerts waiting for a tool (stock-alerts/, decision 045): closed, and their mail
 * written to the outbox, in the transaction of the change that makes the tool orderable again.
 * Answers how many were mailed.
 */
export interface RestockAlerts {
  toolBack(tx: DbTransaction, tool: { id: string; toolName: string }): Promise<number>;
}
