import type { ReactNode } from 'react';
import type { Tool } from '@voltline/shared/tool';
import { formatMoney } from '@voltline/shared/money';

interface ToolDetailsProps {
  tool: Tool;
  /** The stock line: what customers can still order, or Out of stock (entities/tool/components/tool-stock-line.tsx). */
  stock: ReactNode;
}

/** One tool in full: its picture (the page's largest element), name, description, limits and price. */
export function ToolDetails({ tool, stock }: ToolDetailsProps) {
  return (
    <div className="flex flex-col gap-4">
      <figure className="overflow-hidden rounded-box bg-base-200">
        <img
          src={tool.img}
          alt={tool.toolName}
          width={640}
          height={480}
          fetchPriority="high"
          className="aspect-[4/3] h-auto w-full object-cover"
        />
      </figure>
      <h1 className="text-3xl font-bold break-words">{tool.toolName}</h1>
      <p className="break-words text-base-content/80">{tool.description}</p>
      <ul className="space-y-1">
        <li>{`Minimum order quantity: ${tool.minimumOrderQuantity}`}</li>
        {stock}
        <li className="text-lg font-semibold">{`Unit price: ${formatMoney(tool.price)}`}</li>
      </ul>
    </div>
  );
}
