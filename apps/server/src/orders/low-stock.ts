import type { ShopOverview } from '@voltline/shared/order';
import type { tools } from '../db/schema.ts';

export type LowStockTool = ShopOverview['lowStockTools'][number];
/** The facts of a tool whose stock is below its minimum order quantity. */
export type StockFacts = Pick<typeof tools.$inferSelect, 'id' | 'toolName' | 'availableQuantity' | 'minimumOrderQuantity'>;
/** The stock and minimum a tool had before a change, read under the change's lock of its row. */
export type StockLevelsBefore = Pick<StockFacts, 'availableQuantity' | 'minimumOrderQuantity'>;

/**
 * Below the minimum now and not before: a crossing, told once. Later movements below it (every
 * further sale, a scrap, a count that finds less) are not crossings, nor is a tool that was low
 * already when its minimum was raised further.
 */
export const fellBelowMinimum = (tool: StockLevelsBefore, before: StockLevelsBefore) =>
  tool.availableQuantity < tool.minimumOrderQuantity && before.availableQuantity >= before.minimumOrderQuantity;

/** A tool below its minimum, as the back office's overview lists it and the tool.stock_low webhook sends it. */
export const toLowStockTool = (tool: StockFacts): LowStockTool => ({
  _id: tool.id,
  toolName: tool.toolName,
  availableQuantity: tool.availableQuantity,
  minimumOrderQuantity: tool.minimumOrderQuantity,
});
