import type { ShopOverview } from '@voltline/shared/order';
import type { Tool } from '@voltline/shared/tool';
import type { tools } from '../db/schema.ts';

type ToolRow = typeof tools.$inferSelect;

/** A tool as the catalogue answers it. */
export function toToolDto(row: ToolRow): Tool {
  return {
    _id: row.id,
    toolName: row.toolName,
    description: row.description,
    img: row.img,
    price: row.price,
    minimumOrderQuantity: row.minimumOrderQuantity,
    availableQuantity: row.availableQuantity,
    orderableQuantity: Math.max(row.availableQuantity - row.promisedQuantity, 0),
  };
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
