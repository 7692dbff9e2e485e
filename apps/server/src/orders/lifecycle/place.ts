import { asc, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { entityIdSchema } from '@voltline/shared/id';
import { orderQuantityMessages, type placeOrderSchema } from '@voltline/shared/order';
import { fromCents, PAYMENT_MAXIMUM_CENTS } from '@voltline/shared/money';
import { formatPurchaseDate } from '@voltline/shared/shop-constants';
import { clipText, TEXT_LIMITS } from '@voltline/shared/text-limits';
import { executePrepared } from '../../db/prepared.ts';
import { tools } from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/app-error.ts';
import type { LifecycleDeps } from './context.ts';

/** A placement as POST /purchased validated it; identity comes from the caller. */
export type OrderRequest = z.infer<typeof placeOrderSchema>;

/** An order of several tools (the checkout of a cart): each line a tool and its units, in the order shown. */
export interface LinesRequest {
  lines: { toolId: string; quantity: number }[];
  phone: string;
  address: string;
}

type Caller = { userId: string; email: string; name: string };
type Placed = { acknowledged: true; insertedId: string };

/** The most lines one order holds (a cart's most, issue 28). */
const MAX_ORDER_LINES = 50;

/**
 * Cents: the most one card payment takes ($999,999.99). An order past it could never be paid, so
 * it is refused when placed; the stock itself is not limited by it (issue 26). It also keeps every
 * total well inside the orders table's 32-bit integers.
 */
const MAX_ORDER_TOTAL = PAYMENT_MAXIMUM_CENTS;

/**
 * The order's `product`, the spec's one name for what was ordered: the first line's name, and
 * "and N more" when there are several (decision 037), cut so the whole fits the column.
 */
function productSummary(names: readonly string[]): string {
  const more = names.length > 1 ? ` and ${names.length - 1} more` : '';
  return `${clipText(names[0] ?? '', TEXT_LIMITS.toolName - more.length)}${more}`;
}

/**
 * The CTEs that follow an order's insert (`placed`) and its lines' (`placed_lines`) in a placing
 * statement: its 'placed' history row and its outbox rows (the notifier's, as every verb's).
 */
const placedRecords = (notifier: LifecycleDeps['notifier'], caller: Caller, now: Date) => sql`history as (
  insert into order_events (order_id, type, actor_user_id, actor_email, at)
  select id, 'placed', ${caller.userId}, ${caller.email}, ${now.toISOString()}::timestamptz from placed
), outbox as (
  ${notifier.placedRows('placed', 'placed_lines', now)}
)`;

/**
 * Places an order: quantity x the tool's current unit price, within the tool's minimum and what
 * can still be ordered. One SQL statement reads the tool, writes the order, its one line, its
 * history row and its outbox rows (the notifier's, as every verb's): atomic without a transaction,
 * and a single round trip, which keeps the embedded database responsive under many concurrent
 * buyers. Prepared once per connection on PostgreSQL: planning it each time was half of the
 * database's work per order (decision 016).
 */
export const placing =
  ({ db, notifier }: LifecycleDeps) =>
  async (caller: Caller, request: OrderRequest, now = new Date()): Promise<Placed> => {
    const toolId = request.toolId === undefined ? undefined : entityIdSchema.safeParse(request.toolId);
    if (toolId && !toolId.success) throw notFound('Tool not found');
    const whichTool = toolId ? sql`id = ${toolId.data}` : sql`tool_name = ${request.product}`;
    const quantity = request.quantity;
    // Beyond the 32-bit range no stock could hold it anyway; clamping keeps the SQL parameters valid.
    const sqlQuantity = Math.min(Math.max(quantity, -1), 2_147_483_647);
    // The account's name is copied into the order: one stored before names were bounded is cut to the limit.
    const buyer = clipText(caller.name, TEXT_LIMITS.personName);
    const [outcome] = await executePrepared<{ minimum: number; orderable: number; price_cents: number; order_id: string | null }>(db, sql`
      with tool as (
        -- The lock the order's foreign key takes anyway, taken here first: a tool being deleted
        -- (deleteTool) is waited for and then not found, instead of failing the foreign key.
        select id, tool_name, img, price_cents, minimum_order_quantity, greatest(available_quantity - promised_quantity, 0) as orderable
        from tools where ${whichTool}
        for key share
      ), placed as (
        insert into orders (tool_id, user_id, product, img, unit_price_cents, quantity, price_cents, buyer, buyer_email, phone, address, purchase_date, status, created_at)
        select id, ${caller.userId}, tool_name, img, price_cents, ${sqlQuantity}, (${sqlQuantity}::bigint * price_cents)::int, ${buyer}, ${caller.email},
               ${request.phone}, ${request.address}, ${formatPurchaseDate(now)}, 'unpaid', ${now.toISOString()}::timestamptz
        from tool
        where ${sqlQuantity}::int between minimum_order_quantity and orderable
          and ${sqlQuantity}::bigint * price_cents <= ${MAX_ORDER_TOTAL}
        returning *
      ), placed_lines as (
        insert into order_lines (order_id, position, tool_id, product, img, quantity, unit_price_cents, line_total_cents)
        select id, 0, tool_id, product, img, quantity, unit_price_cents, price_cents from placed
        returning *
      ), ${placedRecords(notifier, caller, now)}
      select minimum_order_quantity as minimum, orderable, price_cents, (select id from placed) as order_id from tool
    `);
    if (!outcome) throw notFound('Tool not found');
    if (outcome.order_id) return { acknowledged: true, insertedId: outcome.order_id };
    if (quantity < outcome.minimum) throw new AppError('invalid_data', orderQuantityMessages.tooFew(outcome.minimum));
    if (quantity > outcome.orderable) throw new AppError('invalid_data', orderQuantityMessages.tooMany(outcome.orderable));
    throw new AppError('invalid_data', orderQuantityMessages.overOnePayment(fromCents(outcome.price_cents)));
  };

/**
 * Places an order of several tools, all lines or none: each line within its tool's minimum, the
 * units of each tool (lines of one tool counted together) within what can still be ordered, the
 * total within one card payment. The tools are read and locked (key share, as a single placement
 * does) in one order, by id, in the transaction that writes the order, its lines, its history row
 * and its outbox rows in one statement. Nothing is promised: payment promises (pay.ts).
 */
export const placingLines =
  ({ db, notifier }: LifecycleDeps) =>
  async (caller: Caller, request: LinesRequest, now = new Date()): Promise<Placed> => {
    if (request.lines.length === 0) throw new AppError('invalid_data', 'An order needs at least one tool.');
    if (request.lines.length > MAX_ORDER_LINES) throw new AppError('invalid_data', `An order holds at most ${MAX_ORDER_LINES} tools.`);
    const toolIds = request.lines.map((line) => entityIdSchema.safeParse(line.toolId));
    if (toolIds.some((id) => !id.success)) throw notFound('Tool not found');
    const ids = [...new Set(toolIds.map((id) => id.data!))].sort();
    return db.transaction(async (tx) => {
      const found = await tx
        .select({
          id: tools.id,
          name: tools.toolName,
          img: tools.img,
          priceCents: tools.priceCents,
          minimum: tools.minimumOrderQuantity,
          orderable: sql<number>`greatest(${tools.availableQuantity} - ${tools.promisedQuantity}, 0)::int`,
        })
        .from(tools)
        .where(inArray(tools.id, ids))
        .orderBy(asc(tools.id))
        .for('key share');
      const byId = new Map(found.map((tool) => [tool.id, tool]));
      const asked = new Map<string, number>();
      const lines = request.lines.map((line, position) => {
        const tool = byId.get(toolIds[position]!.data!);
        if (!tool) throw notFound('Tool not found');
        if (!Number.isSafeInteger(line.quantity) || line.quantity < tool.minimum) {
          throw new AppError('invalid_data', `${tool.name}: ${orderQuantityMessages.tooFew(tool.minimum)}`);
        }
        asked.set(tool.id, (asked.get(tool.id) ?? 0) + line.quantity);
        return { position, tool_id: tool.id, product: tool.name, img: tool.img, quantity: line.quantity, unit_price_cents: tool.priceCents, line_total_cents: line.quantity * tool.priceCents };
      });
      for (const [id, units] of asked) {
        const tool = byId.get(id)!;
        if (units > tool.orderable) throw new AppError('invalid_data', `${tool.name}: ${orderQuantityMessages.tooMany(tool.orderable)}`);
      }
      const total = lines.reduce((sum, line) => sum + line.line_total_cents, 0);
      if (total > MAX_ORDER_TOTAL) throw new AppError('invalid_data', orderQuantityMessages.totalOverOnePayment(fromCents(total)));
      const first = lines[0]!;
      const units = lines.reduce((sum, line) => sum + line.quantity, 0);
      const result = await tx.execute(sql`
        with placed as (
          insert into orders (tool_id, user_id, product, img, unit_price_cents, quantity, price_cents, buyer, buyer_email, phone, address, purchase_date, status, created_at)
          values (${first.tool_id}, ${caller.userId}, ${productSummary(lines.map((line) => line.product))}, ${first.img}, ${first.unit_price_cents}, ${units}, ${total},
                  ${clipText(caller.name, TEXT_LIMITS.personName)}, ${caller.email}, ${request.phone}, ${request.address}, ${formatPurchaseDate(now)}, 'unpaid',
                  ${now.toISOString()}::timestamptz)
          returning *
        ), placed_lines as (
          insert into order_lines (order_id, position, tool_id, product, img, quantity, unit_price_cents, line_total_cents)
          select placed.id, l.position, l.tool_id, l.product, l.img, l.quantity, l.unit_price_cents, l.line_total_cents
          from placed cross join jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
            as l(position int, tool_id uuid, product text, img text, quantity int, unit_price_cents int, line_total_cents int)
          returning *
        ), ${placedRecords(notifier, caller, now)}
        select id from placed
      `);
      const [placed] = (result as unknown as { rows: { id: string }[] }).rows;
      return { acknowledged: true as const, insertedId: placed!.id };
    });
  };
