import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CartMerge, CartMergeAnswer } from '@voltline/shared/cart';
import { CART_MAX_LINES, cartLineOf, cartMergeNotes, cartMessages, cartOf, mostOrderable, quantityProblem, type Cart } from '@voltline/shared/cart-rules';
import { entityIdSchema } from '@voltline/shared/id';
import { fromCents } from '@voltline/shared/money';
import { isOutOfStock } from '@voltline/shared/stock';
import type { Tool } from '@voltline/shared/tool';
import type { Database, DbTransaction } from '../db/client.ts';
import { cartLines, tools } from '../db/schema.ts';
import { toToolDto } from '../catalogue/tool-dto.ts';
import { AppError, notFound } from '../platform/app-error.ts';

type ToolRow = typeof tools.$inferSelect;
type CartLineRow = typeof cartLines.$inferSelect;

const toolNotFound = () => notFound(cartMessages.notFound);

/** A stored line as the cart's rules read it: the price it was added at in dollars, as the API answers prices. */
const storedLine = (line: CartLineRow) => ({ ...line, addedUnitPrice: fromCents(line.addedUnitPriceCents) });

/**
 * A signed-in customer's cart (issue 28, docs/decisions/034). Lines are read against the tools as
 * they are now, so prices are always current and a line that can no longer be ordered says why
 * (packages/shared/src/cart.ts decides both). A cart holds no stock: units are promised when an
 * order is paid (orders/lifecycle/pay.ts), so two carts may hold the last unit and the first to pay gets it.
 */
export function createCartService(db: Database) {
  /**
   * Every change of one account's cart runs after the ones before it: counting the lines and adding
   * one must not interleave, or two tabs adding at once would take a cart past CART_MAX_LINES.
   */
  async function lockCart(tx: DbTransaction, userId: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${userId}`}))`);
  }

  async function readCart(executor: Database | DbTransaction, userId: string): Promise<Cart> {
    const rows = await executor
      .select({ line: cartLines, tool: tools })
      .from(cartLines)
      .leftJoin(tools, eq(tools.id, cartLines.toolId))
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.toolId));
    return cartOf(rows.map(({ line, tool }) => cartLineOf(storedLine(line), tool ? toToolDto(tool) : null)));
  }

  /** Adds the line, or changes its quantity; the price it was added at stays the first one. */
  async function storeLine(tx: DbTransaction, userId: string, tool: ToolRow, quantity: number) {
    await tx
      .insert(cartLines)
      .values({
        userId,
        toolId: tool.id,
        quantity,
        addedUnitPriceCents: tool.priceCents,
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
    cart: (userId: string) => readCart(db, userId),

    /**
     * Sets a line's quantity, adding the line when the cart has none for the tool. Refused, leaving
     * the cart as it was: an unknown tool (404), below the minimum order (400), above what can be
     * ordered or one card payment takes, or a line past CART_MAX_LINES (409).
     */
    async setQuantity(userId: string, toolId: string, quantity: number): Promise<Cart> {
      const id = entityIdSchema.safeParse(toolId);
      if (!id.success) throw toolNotFound();
      return db.transaction(async (tx) => {
        await lockCart(tx, userId);
        const [tool] = await tx.select().from(tools).where(eq(tools.id, id.data));
        if (!tool) throw toolNotFound();
        const problem = quantityProblem(toToolDto(tool), quantity);
        if (problem) throw new AppError(problem.code === 'below_minimum' ? 'bad_request' : 'conflict', problem.message);
        const lines = await linesOf(tx, userId);
        if (!lines.has(tool.id) && lines.size >= CART_MAX_LINES) throw new AppError('conflict', cartMessages.full);
        await storeLine(tx, userId, tool, quantity);
        return readCart(tx, userId);
      });
    },

    /** Takes the line out; a tool the cart does not hold leaves it as it is. */
    async removeLine(userId: string, toolId: string): Promise<Cart> {
      const id = entityIdSchema.safeParse(toolId);
      if (id.success) await db.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.toolId, id.data)));
      return readCart(db, userId);
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
      return db.transaction(async (tx) => {
        await lockCart(tx, userId);
        const held = await linesOf(tx, userId);
        const found = asked.size === 0 ? [] : await tx.select().from(tools).where(inArray(tools.id, [...asked.keys()]));
        const toolById = new Map(found.map((tool) => [tool.id, tool]));
        const notes: string[] = [];
        let lineCount = held.size;
        let leftOut = 0;
        for (const [toolId, quantity] of asked) {
          const tool = toolById.get(toolId);
          if (!tool) {
            gone += 1;
            continue;
          }
          const limits: Tool = toToolDto(tool);
          const current = held.get(toolId);
          if (isOutOfStock(limits)) {
            // A line already in the account's cart stays, and says so itself.
            if (!current) notes.push(cartMergeNotes.outOfStock(tool.toolName));
            continue;
          }
          if (!current && lineCount >= CART_MAX_LINES) {
            leftOut += 1;
            continue;
          }
          const together = (current?.quantity ?? 0) + quantity;
          const most = mostOrderable(limits);
          let kept = together;
          if (kept > most) {
            kept = most;
            notes.push(cartMergeNotes.capped(tool.toolName, together, most));
          }
          if (kept < tool.minimumOrderQuantity) {
            kept = tool.minimumOrderQuantity;
            notes.push(cartMergeNotes.raised(tool.toolName, together, kept));
          }
          if (!current) lineCount += 1;
          await storeLine(tx, userId, tool, kept);
        }
        if (gone > 0) notes.push(cartMergeNotes.gone(gone));
        if (leftOut > 0) notes.push(cartMergeNotes.full(leftOut));
        return { ...(await readCart(tx, userId)), notes };
      });
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
