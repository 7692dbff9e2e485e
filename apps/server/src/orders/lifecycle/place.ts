import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { entityIdSchema } from '@voltline/shared/id';
import { orderQuantityMessages, type placeOrderSchema } from '@voltline/shared/order';
import { formatPurchaseDate, PAYMENT_MAXIMUM } from '@voltline/shared/shop-constants';
import { clipText, TEXT_LIMITS } from '@voltline/shared/text-limits';
import { executePrepared } from '../../db/prepared.ts';
import { AppError, notFound } from '../../platform/app-error.ts';
import type { LifecycleDeps } from './context.ts';

/** A placement as POST /purchased validated it; identity comes from the caller. */
export type OrderRequest = z.infer<typeof placeOrderSchema>;

/**
 * Whole dollars: the most one card payment takes ($999,999.99). An order past it could never be
 * paid, so it is refused when placed; the stock itself is not limited by it (issue 26). It also
 * keeps every total well inside the orders table's 32-bit integers.
 */
const MAX_ORDER_TOTAL = Math.floor(PAYMENT_MAXIMUM);

/**
 * Places an order: quantity x the tool's current unit price, within the tool's minimum and what
 * can still be ordered. One SQL statement reads the tool, writes the order, its history row and
 * its outbox rows (the notifier's, as every verb's): atomic without a transaction, and a single
 * round trip, which keeps the embedded database responsive under many concurrent buyers. Prepared
 * once per connection on PostgreSQL: planning it each time was half of the database's work per
 * order (decision 016).
 */
export const placing =
  ({ db, notifier }: LifecycleDeps) =>
  async (caller: { userId: string; email: string; name: string }, request: OrderRequest, now = new Date()): Promise<{ acknowledged: true; insertedId: string }> => {
    const toolId = request.toolId === undefined ? undefined : entityIdSchema.safeParse(request.toolId);
    if (toolId && !toolId.success) throw notFound('Tool not found');
    const whichTool = toolId ? sql`id = ${toolId.data}` : sql`tool_name = ${request.product}`;
    const quantity = request.quantity;
    // Beyond the 32-bit range no stock could hold it anyway; clamping keeps the SQL parameters valid.
    const sqlQuantity = Math.min(Math.max(quantity, -1), 2_147_483_647);
    // The account's name is copied into the order: one stored before names were bounded is cut to the limit.
    const buyer = clipText(caller.name, TEXT_LIMITS.personName);
    const [outcome] = await executePrepared<{ minimum: number; orderable: number; price: number; order_id: string | null }>(db, sql`
      with tool as (
        -- The lock the order's foreign key takes anyway, taken here first: a tool being deleted
        -- (deleteTool) is waited for and then not found, instead of failing the foreign key.
        select id, tool_name, img, price, minimum_order_quantity, greatest(available_quantity - promised_quantity, 0) as orderable
        from tools where ${whichTool}
        for key share
      ), placed as (
        insert into orders (tool_id, user_id, product, img, unit_price, quantity, price, buyer, buyer_email, phone, address, purchase_date, status, created_at)
        select id, ${caller.userId}, tool_name, img, price, ${sqlQuantity}, (${sqlQuantity}::bigint * price)::int, ${buyer}, ${caller.email},
               ${request.phone}, ${request.address}, ${formatPurchaseDate(now)}, 'unpaid', ${now.toISOString()}::timestamptz
        from tool
        where ${sqlQuantity}::int between minimum_order_quantity and orderable
          and ${sqlQuantity}::bigint * price <= ${MAX_ORDER_TOTAL}
        returning *
      ), history as (
        insert into order_events (order_id, type, actor_user_id, actor_email, at)
        select id, 'placed', ${caller.userId}, ${caller.email}, ${now.toISOString()}::timestamptz from placed
      ), outbox as (
        ${notifier.placedRows('placed', now)}
      )
      select minimum_order_quantity as minimum, orderable, price, (select id from placed) as order_id from tool
    `);
    if (!outcome) throw notFound('Tool not found');
    if (outcome.order_id) return { acknowledged: true, insertedId: outcome.order_id };
    if (quantity < outcome.minimum) throw new AppError('invalid_data', orderQuantityMessages.tooFew(outcome.minimum));
    if (quantity > outcome.orderable) throw new AppError('invalid_data', orderQuantityMessages.tooMany(outcome.orderable));
    throw new AppError('invalid_data', orderQuantityMessages.overOnePayment(outcome.price));
  };
