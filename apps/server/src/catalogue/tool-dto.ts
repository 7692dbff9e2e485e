import { fromCents, percentFromHundredths, percentInHundredths, toCents } from '@voltline/shared/money';
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
    vatRate: row.vatRateHundredths === null ? null : percentFromHundredths(row.vatRateHundredths),
  };
}

/**
 * A tool's columns from an admin's input (a whole tool, or an update's fields): the price in cents,
 * the VAT rate in hundredths of a percent (left as it is when the input does not name it).
 */
export function toolColumns<T extends ToolUpdate>({ price, vatRate, ...rest }: T) {
  return {
    ...rest,
    priceCents: toCents(price),
    ...(vatRate === undefined ? {} : { vatRateHundredths: vatRate === null ? null : percentInHundredths(vatRate) }),
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
