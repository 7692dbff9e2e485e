import { fromCents, toCents } from '@voltline/shared/money';
import type { ShopOverview } from '@voltline/shared/order';
import type { Tool, ToolUpdate } from '@voltline/shared/tool';
import type { tools } from '../db/schema.ts';

type ToolRow = typeof tools.$inferSelect;

/** A tool as the catalogue answers it. */
export function toToolDto(row: ToolRow): Tool {
  return {
    _id: row.id,
    toolName: row.toolName,
    description: row.description,
    img: row.img,
    price: fromCents(row.priceCents),
    minimumOrderQuantity: row.minimumOrderQuantity,
    availableQuantity: row.availableQuantity,
    orderableQuantity: Math.max(row.availableQuantity - row.promisedQuantity, 0),
  };
}

/** A tool's columns from an admin's input (a whole tool, or an update's fields): the price in cents. */
export function toolColumns<T extends ToolUpdate>({ price, ...rest }: T): Omit<T, 'price'> & { priceCents: number } {
  return { ...rest, priceCents: toCents(price) };
}

export type LowStockTool = ShopOverview['lowStockTools'][number];
/** The facts of a tool whose stock is below its minimum order quantity. */
export type StockFacts = Pick<ToolRow, 'id' | 'toolName' | 'availableQuantity' | 'minimumOrderQuantity'>;

/** A tool below its minimum, as the back office's overview lists it and the tool.stock_low webhook sends it. */
export const toLowStockTool = (tool: StockFacts): LowStockTool => ({
  _id: tool.id,
  toolName: tool.toolName,
  availableQuantity: tool.availableQuantity,
  minimumOrderQuantity: tool.minimumOrderQuantity,
});
