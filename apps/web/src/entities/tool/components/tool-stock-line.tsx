import { isOutOfStock, orderableQuantityOf } from '@voltline/shared/stock';
import type { Tool } from '@voltline/shared/tool';

/**
 * The stock line of a tool as customers see it: what can still be ordered (stock not promised to
 * paid orders), or "Out of stock" once not even the minimum order can be promised.
 */
export function ToolStockLine({ tool, label }: { tool: Tool; label: string }) {
  if (isOutOfStock(tool)) return <li className="font-semibold text-error">Out of stock</li>;
  return <li>{`${label}: ${orderableQuantityOf(tool)}`}</li>;
}
