import type { ShopOverview } from '@voltline/shared/order';

/** Tools whose stock is below their minimum order quantity: nobody can order them until restocked. */
export function LowStockList({ tools }: { tools: ShopOverview['lowStockTools'] }) {
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
    </div>
  );
}
