import type { Tool } from '@voltline/shared/tool';

/** What the buyer is ordering, with the limits the order form enforces. */
export function ToolDetails({ tool }: { tool: Tool }) {
  return (
    <div className="flex flex-col gap-4">
      <figure className="overflow-hidden rounded-box bg-base-200">
        <img src={tool.img} alt={tool.toolName} width={640} height={480} className="aspect-[4/3] h-auto w-full object-cover" />
      </figure>
      <h1 className="text-3xl font-bold break-words">{tool.toolName}</h1>
      <p className="break-words text-base-content/80">{tool.description}</p>
      <ul className="space-y-1">
        <li>{`Minimum order quantity: ${tool.minimumOrderQuantity}`}</li>
        <li>{`Available quantity: ${tool.availableQuantity}`}</li>
        <li className="text-lg font-semibold">{`Price: $${tool.price} per unit`}</li>
      </ul>
    </div>
  );
}
