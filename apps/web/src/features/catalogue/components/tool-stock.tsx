import type { Tool } from '@voltline/shared/tool';
import { orderableQuantityOf, toolIsOutOfStock } from '../../../lib/catalogue/get-tool.ts';

/**
 * The stock line of a tool as customers see it: what can still be ordered (stock not promised to
 * paid orders), or "Out of stock" once not even the minimum order can be promised.
 */
export function ToolStockLine({ tool, label }: { tool: Tool; label: string }) {
  if (toolIsOutOfStock(tool)) return <li className="font-semibold text-error">Out of stock</li>;
  return <li>{`${label}: ${orderableQuantityOf(tool)}`}</li>;
}
