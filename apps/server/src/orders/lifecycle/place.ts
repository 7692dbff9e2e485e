import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { orderDestination, type DeliveryAddress } from '@voltline/shared/delivery-address';
import { entityIdSchema } from '@voltline/shared/id';
import type { PaymentMethod } from '@voltline/shared/on-account';
import { orderQuantityMessages, type placeOrderSchema } from '@voltline/shared/order';
import { quantityBreach } from '@voltline/shared/order-rules';
import { formatCents, fromCents, PAYMENT_MAXIMUM_CENTS } from '@voltline/shared/money';
import { customerGroupMessages } from '@voltline/shared/customer-groups';
import { formatPurchaseDate } from '@voltline/shared/shop-constants';
import { clipText, TEXT_LIMITS } from '@voltline/shared/text-limits';
import type { DbTransaction } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { orders, tools } from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/app-error.ts';
import { createBoundedMemory } from '../../platform/bounded-memory.ts';
import { orderFigures } from '../order-dto.ts';
import { deliveryRatesColumn, deliveryRateUnchanged, type DeliveryRateRow, type PricingChoices } from '../../pricing/order-pricing.ts';
import { recordCouponUseOrder } from '../../pricing/coupon-uses.ts';
import { withoutBusinessAccount } from '../../pricing/buyer-vat.ts';
import { groupPricedLines, listPriceForCustomerSql, readGroupPrices, retailRecord, withGroupMinimum } from '../../pricing/group-prices.ts';
import type { LifecycleDeps } from './context.ts';
import { checkCreditLimit, lockCreditLine, placedOnAccount } from './on-account.ts';
import { orderableUnitsSql, quantityWithinBoundsSql } from './units.ts';

/** A placement as POST /purchased validated it; identity comes from the caller. */
export type OrderRequest = z.infer<typeof placeOrderSchema>;

/** An order of several tools (the checkout of a cart): each line a tool and its units, in the order shown. */
export interface LinesRequest {
  lines: { toolId: string; quantity: number }[];
  phone: string;
  /** The spec's one-text address: composed from `delivery` when the address came as fields. */
  address: string;
  /** The address's fields (issue 36), in the pricing's country; undefined when it came as one text. */
  delivery?: DeliveryAddress | undefined;
  pricing: PricingChoices;
  /** Paying on account (decision 060) rather than by card, and the business buyer's purchase order number. */
  payment?: { method: PaymentMethod; purchaseOrderNumber?: string | undefined } | undefined;

  /** The total of the quote the buyer saw, in cents: another total now is refused, never charged (decision 059). */
  quotedTotalCents?: number | undefined;
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
 * The refusal of an order whose total (cents) is past one card payment, or undefined: a one-tool
 * order whose goods alone are past it names its unit price, as the purchase page's buyer sees it.
 * The checkout's quote refuses in the same words as placing does.
 */
export function pastOnePayment(lines: readonly { quantity: number; unitPriceCents: number }[], total: number): AppError | undefined {
  if (total <= MAX_ORDER_TOTAL) return undefined;
  const goods = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  return new AppError(
    'invalid_data',
    lines.length === 1 && total === goods ? orderQuantityMessages.overOnePayment(fromCents(lines[0]!.unitPriceCents)) : orderQuantityMessages.totalOverOnePayment(fromCents(total)),
  );
}

/** A checkout whose quote no longer holds (a price list or price edited since): refused in words, nothing charged. */
const pricesChanged = (quotedCents: number, nowCents: number) =>
  new AppError('conflict', customerGroupMessages.pricesChanged(formatCents(quotedCents), formatCents(nowCents)), 'prices_changed');

/**
 * The order's `product`, the spec's one name for what was ordered: the first line's name, and
 * "and N more" when there are several (decision 037), cut so the whole fits the column.
 */
function productSummary(names: readonly string[]): string {
  const more = names.length > 1 ? ` and ${names.length - 1} more` : '';
  return `${clipText(names[0] ?? '', TEXT_LIMITS.toolName - more.length)}${more}`;
}

/**
 * Places the spec's one-tool order (POST /purchased): the tool named by id or, as the spec's client
 * sends it, by name, then priced and placed as a one-line checkout (issue 29), so that it carries
 * delivery, discounts and VAT like any order. Without a coupon it is placed at once (placingAtOnce);
 * with one, or when that declines, as any checkout is (placingLines), which says why it refuses.
 */
export const placing = (deps: LifecycleDeps) => {
  const atOnce = placingAtOnce(deps);
  return async (caller: Caller, request: OrderRequest, now = new Date()): Promise<Placed> => {
    const toolId = request.toolId === undefined ? undefined : entityIdSchema.safeParse(request.toolId);
    if (toolId && !toolId.success) throw notFound('Tool not found');
    const which: WhichTool = toolId ? { id: toolId.data } : { name: request.product ?? '' };
    const pricing: PricingChoices = { country: request.country ?? (await deps.shopCountry()), couponCode: request.couponCode, vatId: request.vatId };
    const destination = orderDestination(request, pricing.country);
    // A VAT id (typed here, or a business account's: the fast statement holds withoutBusinessAccount)
    // may need a check with VIES: placingLines asks it.
    if (!pricing.couponCode && pricing.vatId === undefined) {
      const placed = await atOnce(caller, which, { quantity: request.quantity, phone: request.phone, ...destination }, pricing, now);
      if (placed) return placed;
    }
    const [tool] = await deps.db.select({ id: tools.id }).from(tools).where(whereTool(which));
    if (!tool) throw notFound('Tool not found');
    return placingLines(deps)(caller, { lines: [{ toolId: tool.id, quantity: request.quantity }], phone: request.phone, ...destination, pricing }, now);
  };
};

/** The delivery address's values (issue 36): nulls for an address given as one text. */
const deliveryValues = (delivery: DeliveryAddress | undefined) =>
  sql.join(
    [delivery?.deliveryName, delivery?.deliveryStreet, delivery?.deliveryPostcode, delivery?.deliveryCity].map((value) => sql`${value ?? null}::text`),
    sql`, `,
  );

/**
 * The order row both ways of placing insert, as `insert ... select` (the fast way selects from its
 * checked tool, so nothing is inserted when the check fails): the spec's fields summarising the
 * lines (the first line's tool, picture and unit price, the units in all, "and N more"), the buyer
 * from the session, the address as given, unpaid, priced.
 */
function insertOrder(
  summary: { toolId: SQL; products: string[]; img: string; unitPriceCents: number; units: number; totalCents: number },
  caller: Caller,
  request: Pick<LinesRequest, 'phone' | 'address' | 'delivery'>,
  pricing: unknown,
  now: Date,
): SQL {
  return sql`
    insert into orders (tool_id, user_id, product, img, unit_price_cents, quantity, price_cents, buyer, buyer_email, phone, address,
                        delivery_name, delivery_street, delivery_postcode, delivery_city, purchase_date, status, pricing, created_at)
    select ${summary.toolId}, ${caller.userId}, ${productSummary(summary.products)}, ${summary.img}, ${summary.unitPriceCents}::int, ${summary.units}::int, ${summary.totalCents}::int,
           ${clipText(caller.name, TEXT_LIMITS.personName)}, ${caller.email}, ${request.phone}, ${request.address}, ${deliveryValues(request.delivery)}, ${formatPurchaseDate(now)}, 'unpaid',
           ${JSON.stringify(pricing)}::jsonb, ${now.toISOString()}::timestamptz`;
}

type WhichTool = { id: string } | { name: string };
const whereTool = (which: WhichTool): SQL => ('id' in which ? sql`id = ${which.id}` : sql`tool_name = ${which.name}`);

/** A tool as an order prices it, with the delivery rates of one destination (deliveryRatesColumn). */
type ToolToOrder = { id: string; name: string; img: string; priceCents: number; vatRateHundredths: number | null; minimum: number; orderable: number; rates: DeliveryRateRow[] };

/**
 * What placingAtOnce remembers of tools and destinations, in bytes (decision 026): a few hundred
 * bytes each, so a thousands-of-tools catalogue times the countries it sells to most; the least
 * recently ordered go first.
 */
const REMEMBERED_TOOLS_BYTES = 2 * 1024 * 1024;

/**
 * The spec's one-tool order without a coupon in one prepared statement, no transaction, as fast as
 * before orders were priced (decision 016; issue 29 asked for no slower placement). The tool and its
 * destination's delivery rates are remembered from an earlier order (else read first) and the order
 * priced here; one statement then locks the tool (key share, as placingLines does) and writes the
 * order, its line, history row and outbox rows only while the tool and the rates are still what was
 * priced and the units are within its minimum and what can be ordered. Nothing is taken (no coupon),
 * so nothing needs undoing. Undefined when it cannot place (a refusal, a price or rate changed):
 * what it remembered is forgotten and the way of every order (placingLines) places or says why not.
 */
function placingAtOnce({ db, notifier, pricer }: LifecycleDeps) {
  const remembered = createBoundedMemory<ToolToOrder>(REMEMBERED_TOOLS_BYTES, (tool) => JSON.stringify(tool).length);
  const read = async (which: WhichTool, country: string, key: string): Promise<ToolToOrder | undefined> => {
    const [tool] = await executePrepared<ToolToOrder>(db, sql`
      select id, tool_name as name, img, price_cents as "priceCents", vat_rate_hundredths as "vatRateHundredths", minimum_order_quantity as minimum,
             ${orderableUnitsSql} as orderable, ${deliveryRatesColumn(country)} as rates
      from tools where ${whereTool(which)}`);
    if (tool) remembered.set(key, tool);
    return tool;
  };

  return async (caller: Caller, which: WhichTool, request: Omit<LinesRequest, 'lines' | 'pricing'> & { quantity: number }, choices: PricingChoices, now: Date): Promise<Placed | undefined> => {
    const { quantity } = request;
    const key = `${JSON.stringify(which)} to ${choices.country}`;
    const tool = remembered.get(key) ?? (await read(which, choices.country, key));
    if (!tool) return undefined;
    const placed = await place(tool);
    if (!placed) remembered.delete(key);
    return placed;

    async function place(tool: ToolToOrder): Promise<Placed | undefined> {
      // What it remembers may be out of date: anything it would refuse, placingLines decides on what is stored.
      if (!Number.isSafeInteger(quantity) || quantityBreach(tool, quantity) || tool.rates.length === 0) return undefined;
      const listed = [{ quantity, unitPriceCents: tool.priceCents }];
      const pricing = { ...(await pricer.priceWithoutCoupon([{ ...listed[0]!, vatRateHundredths: tool.vatRateHundredths }], choices, tool.rates, now)), priceGroup: retailRecord(tool.priceCents) };
      const { quote } = pricing;
      if (pastOnePayment(listed, quantity * tool.priceCents) ?? pastOnePayment(listed, quote.total)) return undefined;
      const line = quote.lines[0]!;
      const [row] = await executePrepared<{ id: string }>(db, sql`
        with tool as (
          select id from tools
          where id = ${tool.id} and tool_name = ${tool.name} and img = ${tool.img} and price_cents = ${tool.priceCents}
            and vat_rate_hundredths is not distinct from ${tool.vatRateHundredths}::int
            and ${quantityWithinBoundsSql(quantity)}
            and ${deliveryRateUnchanged(choices.country, tool.rates)}
            and ${withoutBusinessAccount(caller.userId)}
            and ${listPriceForCustomerSql(caller.userId, sql`tools.id`)}
          for key share
        ), placed as (
          ${insertOrder({ toolId: sql`tool.id`, products: [tool.name], img: tool.img, unitPriceCents: line.unitPrice, units: quantity, totalCents: quote.total }, caller, request, pricing, now)}
          from tool
          returning *
        ), placed_lines as (
          insert into order_lines (order_id, position, tool_id, product, img, quantity, unit_price_cents, line_total_cents)
          select id, 0, tool_id, product, img, quantity, unit_price_cents, ${line.lineTotal}::int from placed
          returning *
        ), ${placedHistoryAndOutbox(notifier, caller, pricing, quote.total, now)}
        select id from placed
      `);
      return row && { acknowledged: true, insertedId: row.id };
    }
  };
}

/** The placed order's history row and outbox rows, as CTEs after `placed` and `placed_lines`: one owner for both ways of placing. */
const placedHistoryAndOutbox = (notifier: LifecycleDeps['notifier'], caller: Caller, pricing: Parameters<typeof orderFigures>[0]['pricing'], total: number, now: Date) => sql`
  history as (
    insert into order_events (order_id, type, actor_user_id, actor_email, at)
    select id, 'placed', ${caller.userId}, ${caller.email}, ${now.toISOString()}::timestamptz from placed
  ), outbox as (
    ${notifier.placedRows('placed', 'placed_lines', orderFigures({ pricing, priceCents: total }), now)}
  )`;

type ToolFacts = { id: string; name: string; minimum: number; orderable: number };

/**
 * Lines as an order of them would be refused, in placing's words, or each with its tool: every tool
 * there, each line at least its tool's minimum, the units of each tool (its lines together) within
 * what can still be ordered. A one-tool order's refusals do not name the tool: the buyer is looking
 * at it. The checkout's quote of given lines refuses in the same words (cart/checkout-service.ts).
 */
export function linesWithinStock<Tool extends ToolFacts>(lines: readonly { toolId: string; quantity: number }[], tools: readonly Tool[]): { tool: Tool; quantity: number }[] {
  const byId = new Map(tools.map((tool) => [tool.id, tool]));
  const naming = (name: string, message: string) => (lines.length > 1 ? `${name}: ${message}` : message);
  const asked = new Map<string, number>();
  for (const line of lines) asked.set(line.toolId, (asked.get(line.toolId) ?? 0) + line.quantity);
  // Every line's minimum is told before any tool's units in all (quantityBreach's order, over the whole order).
  let tooMany: Error | undefined;
  const ordered = lines.map((line) => {
    const tool = byId.get(line.toolId);
    if (!tool) throw notFound('Tool not found');
    const breach = Number.isSafeInteger(line.quantity)
      ? quantityBreach(tool, line.quantity, asked.get(tool.id))
      : { code: 'below_minimum', message: orderQuantityMessages.tooFew(tool.minimum) };
    if (breach?.code === 'below_minimum') throw new AppError('invalid_data', naming(tool.name, breach.message));
    tooMany ??= breach ? new AppError('invalid_data', naming(tool.name, breach.message)) : undefined;
    return { tool, quantity: line.quantity };
  });
  if (tooMany) throw tooMany;
  return ordered;
}

/**
 * Places an order of several tools, all lines or none: each line within its tool's minimum, the
 * units of each tool (lines of one tool counted together) within what can still be ordered, the
 * total within one card payment. The tools are read and locked (key share: a tool being deleted is
 * waited for, then not found) in one order, by id, in the transaction that prices the order
 * (taking its coupon's use, pricing/order-pricing.ts) and writes it, its lines, its history row and
 * its outbox rows in one statement. Nothing is promised: payment promises (pay.ts).
 */
export const placingLines =
  (deps: LifecycleDeps) =>
  async (caller: Caller, request: LinesRequest, now = new Date(), alsoInTransaction?: (tx: DbTransaction) => Promise<void>): Promise<Placed> => {
    const { db, notifier, pricer } = deps;
    if (request.lines.length === 0) throw new AppError('invalid_data', 'An order needs at least one tool.');
    if (request.lines.length > MAX_ORDER_LINES) throw new AppError('invalid_data', `An order holds at most ${MAX_ORDER_LINES} tools.`);
    const toolIds = request.lines.map((line) => entityIdSchema.safeParse(line.toolId));
    if (toolIds.some((id) => !id.success)) throw notFound('Tool not found');
    const ids = [...new Set(toolIds.map((id) => id.data!))].sort();
    const priceInTransaction = await pricer.prepare(db, request.pricing, caller.userId, now);
    const placedOrder = await db.transaction(async (tx) => {
      // On account, the company's row is locked first, before any tool (on-account.ts).
      const creditLine = request.payment?.method === 'account' ? await lockCreditLine(tx, caller.userId) : undefined;
      const found = await tx
        .select({
          id: tools.id,
          name: tools.toolName,
          img: tools.img,
          priceCents: tools.priceCents,
          vatRateHundredths: tools.vatRateHundredths,
          minimum: tools.minimumOrderQuantity,
          orderable: orderableUnitsSql,
        })
        .from(tools)
        .where(inArray(tools.id, ids))
        .orderBy(asc(tools.id))
        .for('key share');
      // The caller's group prices, read with the tools: what this order charges is what they are now.
      const groupPrices = await readGroupPrices(tx, caller.userId, ids);
      const { lines: ordered, record } = groupPricedLines(
        linesWithinStock(
          request.lines.map((line, position) => ({ toolId: toolIds[position]!.data!, quantity: line.quantity })),
          withGroupMinimum(found, groupPrices),
        ),
        groupPrices,
      );
      // The goods alone past one card payment: refused before a coupon use is taken.
      const listed = ordered.map(({ unitPriceCents, quantity }) => ({ quantity, unitPriceCents }));
      const goodsRefused = pastOnePayment(listed, listed.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0));
      if (goodsRefused) throw goodsRefused;
      const pricing = {
        ...(await priceInTransaction(
          tx,
          ordered.map(({ tool, quantity, unitPriceCents }) => ({ unitPriceCents, quantity, vatRateHundredths: tool.vatRateHundredths })),
        )),
        priceGroup: record,
      };
      const { quote } = pricing;
      const totalRefused = pastOnePayment(listed, quote.total);
      if (totalRefused) throw totalRefused;
      if (request.quotedTotalCents !== undefined && request.quotedTotalCents !== quote.total) throw pricesChanged(request.quotedTotalCents, quote.total);
      // Each line at the price quoted: the shop's price, or net of its VAT for an export or a reverse charge.
      const lines = ordered.map(({ tool, quantity }, position) => ({
        position,
        tool_id: tool.id,
        product: tool.name,
        img: tool.img,
        quantity,
        unit_price_cents: quote.lines[position]!.unitPrice,
        line_total_cents: quote.lines[position]!.lineTotal,
      }));
      const total = quote.total;
      if (creditLine) await checkCreditLimit(tx, caller.userId, creditLine, total);
      const first = lines[0]!;
      const units = lines.reduce((sum, line) => sum + line.quantity, 0);
      const result = await tx.execute(sql`
        with placed as (
          ${insertOrder({ toolId: sql`${first.tool_id}::uuid`, products: lines.map((line) => line.product), img: first.img, unitPriceCents: first.unit_price_cents, units, totalCents: total }, caller, request, pricing, now)}
          returning *
        ), placed_lines as (
          insert into order_lines (order_id, position, tool_id, product, img, quantity, unit_price_cents, line_total_cents)
          select placed.id, l.position, l.tool_id, l.product, l.img, l.quantity, l.unit_price_cents, l.line_total_cents
          from placed cross join jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
            as l(position int, tool_id uuid, product text, img text, quantity int, unit_price_cents int, line_total_cents int)
          returning *
        ), ${placedHistoryAndOutbox(notifier, caller, pricing, total, now)}
        select id from placed
      `);
      const [placed] = (result as unknown as { rows: { id: string }[] }).rows;
      if (pricing.couponUseId) await recordCouponUseOrder(tx, pricing.couponUseId, placed!.id);
      const purchaseOrderNumber = request.payment?.purchaseOrderNumber;
      if (purchaseOrderNumber) await tx.update(orders).set({ purchaseOrderNumber }).where(eq(orders.id, placed!.id));
      if (creditLine) await placedOnAccount(deps, tx, placed!.id, creditLine, now);
      // What must commit with the order, or not at all (the checkout empties the cart it came from).
      await alsoInTransaction?.(tx);
      return { id: placed!.id, promised: creditLine !== undefined };
    });
    // Units promised at placement change what the catalogue shows.
    if (placedOrder.promised) deps.catalogueCache.invalidate();
    return { acknowledged: true as const, insertedId: placedOrder.id };
  };
