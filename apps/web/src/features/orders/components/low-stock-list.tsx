import type { ShopOverview } from '@voltline/shared/order';

/** Tools whose stock is below their minimum order quantity (the furthest below first): nobody can order them until restocked. */
export function LowStockList({ tools, count }: { tools: ShopOverview['lowStockTools']; count: number }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">Low stock</h3>
      {tools.length === 0 ? (
        <p className="text-base-content/70">No tool is low on stock</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5 break-words">
          {tools.map((tool) => (
            <li key={tool._id}>{`${tool.toolName}: ${tool.availableQuantity} left, minimum order ${tool.minimumOrderQuantity}`}</li>
          ))}
        </ul>
      )}
      {count > tools.length && <p className="text-base-content/70">{`and ${count - tools.length} more tools below their minimum order quantity`}</p>}
    </div>
  );
}
