import type { ShopOverview } from '@voltline/shared/order';
import type { tools } from '../db/schema.ts';

export type LowStockTool = ShopOverview['lowStockTools'][number];
/** The facts of a tool whose stock is below its minimum order quantity. */
export type StockFacts = Pick<typeof tools.$inferSelect, 'id' | 'toolName' | 'availableQuantity' | 'minimumOrderQuantity'>;

/** A tool below its minimum, as the back office's overview lists it and the tool.stock_low webhook sends it. */
export const toLowStockTool = (tool: StockFacts): LowStockTool => ({
  _id: tool.id,
  toolName: tool.toolName,
  availableQuantity: tool.availableQuantity,
  minimumOrderQuantity: tool.minimumOrderQuantity,
});
