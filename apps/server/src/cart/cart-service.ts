import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CartMerge, CartMergeAnswer } from '@voltline/shared/cart';
import { CART_MAX_LINES, cartLineOf, cartMergeNotes, cartMessages, cartOf, mostOrderable, quantityProblem, type Cart } from '@voltline/shared/cart-rules';
import { entityIdSchema } from '@voltline/shared/id';
import { fromCents } from '@voltline/shared/money';
import { isOutOfStock } from '@voltline/shared/stock';
import type { TaxSettings } from '@voltline/shared/tax-settings';
import type { Tool } from '@voltline/shared/tool';
import type { Database, DbTransaction } from '../db/client.ts';
import { cartLines, tools } from '../db/schema.ts';
import { toToolDto } from '../catalogue/tool-dto.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import { addedUnitCents, cartLineForCaller, readGroupPrices, type GroupPrices } from '../pricing/group-prices.ts';
import type { TaxSettingsService } from '../pricing/tax-settings-service.ts';

type ToolRow = typeof tools.$inferSelect;
type CartLineRow = typeof cartLines.$inferSelect;
type Vat = Pick<TaxSettings, 'pricesIncludeVat' | 'standardRate'>;

const toolNotFound = () => notFound(cartMessages.notFound);

const pricingOf = (tool: ToolRow) => ({ id: tool.id, priceCents: tool.priceCents, minimum: tool.minimumOrderQuantity, vatRateHundredths: tool.vatRateHundredths });

/**
 * The tool as the caller orders `units` of it, and the line's figures at their price: the cart's
 * rules (quantityProblem, mostOrderable, cartLineOf) then read their unit price and their group's
 * minimum, as checkout's quote does (pricing/group-prices.ts prices both).
 */
function forCaller(prices: GroupPrices, vat: Vat, tool: ToolRow, units: number, addedCents: number) {
  const { unitPrice, addedUnitPrice, minimumOrderQuantity, customerPrice } = cartLineForCaller(prices, vat, pricingOf(tool), units, addedCents);
  const ordered: Tool = { ...toToolDto(tool), price: unitPrice, minimumOrderQuantity };
  return { tool: ordered, addedUnitPrice, customerPrice };
}

/**
 * A signed-in customer's cart (issue 28, docs/decisions/034). Lines are read against the tools as
 * they are now, at the caller's group prices (decision 072, amended), so prices are always current
 * and a line that can no longer be ordered says why (packages/shared/src/cart.ts decides both). A cart holds no stock: units are promised when an
 * order is paid (orders/lifecycle/pay.ts), so two carts may hold the last unit and the first to pay gets it.
 */
export function createCartService(db: Database, tax: Pick<TaxSettingsService, 'current'>) {
  /**
   * Every change of one account's cart runs after the ones before it: counting the lines and adding
   * one must not interleave, or two tabs adding at once would take a cart past CART_MAX_LINES.
   */
  async function lockCart(tx: DbTransaction, userId: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${userId}`}))`);
  }

  /** Each line at the caller's prices now (their group's, its tier and minimum); `vat`: the shop's tax settings, read before any transaction. */
  async function readCart(executor: Database | DbTransaction, userId: string, vat: Vat): Promise<Cart> {
    const rows = await executor
      .select({ line: cartLines, tool: tools })
      .from(cartLines)
      .leftJoin(tools, eq(tools.id, cartLines.toolId))
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.toolId));
    const prices = await readGroupPrices(executor, userId, rows.flatMap(({ tool }) => (tool ? [tool.id] : [])));
    return cartOf(
      rows.map(({ line, tool }) => {
        const stored = { ...line, addedUnitPrice: fromCents(line.addedUnitPriceCents) };
        if (!tool) return cartLineOf(stored, null);
        const priced = forCaller(prices, vat, tool, line.quantity, line.addedUnitPriceCents);
        const answered = cartLineOf({ ...stored, addedUnitPrice: priced.addedUnitPrice }, priced.tool);
        return priced.customerPrice ? { ...answered, customerPrice: priced.customerPrice } : answered;
      }),
    );
  }

  /** Adds the line, or changes its quantity; the price it was added at (the caller's, before tiers) stays the first one. */
  async function storeLine(tx: DbTransaction, userId: string, tool: ToolRow, quantity: number, prices: GroupPrices) {
    await tx
      .insert(cartLines)
      .values({
        userId,
        toolId: tool.id,
        quantity,
        addedUnitPriceCents: addedUnitCents(prices, tool),
        toolName: tool.toolName,
        img: tool.img,
        // After every line the cart holds, in the order added: a merge adds its lines in one transaction,
        // whose now() is one instant, and PGlite's clock can give two inserts the same microsecond.
        addedAt: sql`greatest(clock_timestamp(), (select max(${cartLines.addedAt}) + interval '1 microsecond' from ${cartLines} where ${cartLines.userId} = ${userId}))`,
      })
      .onConflictDoUpdate({ target: [cartLines.userId, cartLines.toolId], set: { quantity, toolName: tool.toolName, img: tool.img } });
  }

  async function linesOf(tx: DbTransaction, userId: string): Promise<Map<string, CartLineRow>> {
    const rows = await tx.select().from(cartLines).where(eq(cartLines.userId, userId));
    return new Map(rows.map((row) => [row.toolId, row]));
  }

  return {
    cart: async (userId: string) => readCart(db, userId, await tax.current()),

    /**
     * Sets a line's quantity, adding the line when the cart has none for the tool. Refused, leaving
     * the cart as it was: an unknown tool (404), below the minimum order (400), above what can be
     * ordered or one card payment takes, or a line past CART_MAX_LINES (409).
     */
    async setQuantity(userId: string, toolId: string, quantity: number): Promise<Cart> {
      const id = entityIdSchema.safeParse(toolId);
      if (!id.success) throw toolNotFound();
      const vat = await tax.current();
      return db.transaction(async (tx) => {
        await lockCart(tx, userId);
        const [tool] = await tx.select().from(tools).where(eq(tools.id, id.data));
        if (!tool) throw toolNotFound();
        const prices = await readGroupPrices(tx, userId, [tool.id]);
        // At the caller's minimum and unit price: a quantity checkout would refuse is refused here.
        const problem = quantityProblem(forCaller(prices, vat, tool, quantity, addedUnitCents(prices, tool)).tool, quantity);
        if (problem) throw new AppError(problem.code === 'below_minimum' ? 'bad_request' : 'conflict', problem.message);
        const lines = await linesOf(tx, userId);
        if (!lines.has(tool.id) && lines.size >= CART_MAX_LINES) throw new AppError('conflict', cartMessages.full);
        await storeLine(tx, userId, tool, quantity, prices);
        return readCart(tx, userId, vat);
      });
    },

    /** Takes the line out; a tool the cart does not hold leaves it as it is. */
    async removeLine(userId: string, toolId: string): Promise<Cart> {
      const id = entityIdSchema.safeParse(toolId);
      if (id.success) await db.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.toolId, id.data)));
      return readCart(db, userId, await tax.current());
    },

    /**
     * A visitor's browser cart joins the account's at sign-in: quantities of the same tool are added
     * up, then held within the rules (at most what can be ordered, at least the minimum order); a
     * tool out of stock or no longer sold is left out, as are lines past CART_MAX_LINES. Each change
     * is told in words. All or nothing, in one transaction.
     */
    async merge(userId: string, { lines: incoming }: CartMerge): Promise<CartMergeAnswer> {
      const asked = new Map<string, number>();
      let gone = 0;
      for (const line of incoming) {
        if (!entityIdSchema.safeParse(line.toolId).success) gone += 1;
        else asked.set(line.toolId, (asked.get(line.toolId) ?? 0) + line.quantity);
      }
      const vat = await tax.current();
      return db.transaction(async (tx) => {
        await lockCart(tx, userId);
        const held = await linesOf(tx, userId);
        const found = asked.size === 0 ? [] : await tx.select().from(tools).where(inArray(tools.id, [...asked.keys()]));
        const toolById = new Map(found.map((tool) => [tool.id, tool]));
        const prices = await readGroupPrices(tx, userId, [...toolById.keys()]);
        const notes: string[] = [];
        let lineCount = held.size;
        let leftOut = 0;
        for (const [toolId, quantity] of asked) {
          const tool = toolById.get(toolId);
          if (!tool) {
            gone += 1;
            continue;
          }
          const current = held.get(toolId);
          const together = (current?.quantity ?? 0) + quantity;
          // Held within the caller's bounds: their group's minimum, and one payment at their price for these units.
          const limits = forCaller(prices, vat, tool, together, addedUnitCents(prices, tool)).tool;
          if (isOutOfStock(limits)) {
            // A line already in the account's cart stays, and says so itself.
            if (!current) notes.push(cartMergeNotes.outOfStock(tool.toolName));
            continue;
          }
          if (!current && lineCount >= CART_MAX_LINES) {
            leftOut += 1;
            continue;
          }
          const most = mostOrderable(limits);
          let kept = together;
          if (kept > most) {
            kept = most;
            notes.push(cartMergeNotes.capped(tool.toolName, together, most));
          }
          if (kept < limits.minimumOrderQuantity) {
            kept = limits.minimumOrderQuantity;
            notes.push(cartMergeNotes.raised(tool.toolName, together, kept));
          }
          if (!current) lineCount += 1;
          await storeLine(tx, userId, tool, kept, prices);
        }
        if (gone > 0) notes.push(cartMergeNotes.gone(gone));
        if (leftOut > 0) notes.push(cartMergeNotes.full(leftOut));
        return { ...(await readCart(tx, userId, vat)), notes };
      });
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
