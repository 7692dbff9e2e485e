import type { Tool } from '@voltline/shared/tool';
import { DataTable } from '../../../components/data-table.tsx';
import { formatMoney } from '@voltline/shared/money';

export type ToolAction = 'edit' | 'stock' | 'pictures' | 'delete';

// The codes after the numbers: the journeys and admins read the numbers where they always were.
const COLUMNS = ['Thumbnail', 'Tool', 'Minimum order quantity', 'Available quantity', 'Unit price', 'SKU / GTIN', 'Actions'];

interface ToolsTableProps {
  tools: Tool[];
  onAction: (action: ToolAction, tool: Tool) => void;
}

/** The catalogue as admins see it. */
export function ToolsTable({ tools, onAction }: ToolsTableProps) {
  return (
    <DataTable caption="Tools" columns={COLUMNS}>
      {tools.map((tool) => (
        <tr key={tool._id} data-testid="tool-row">
          <td>
            <img src={tool.img} alt={tool.toolName} width={48} height={48} loading="lazy" className="size-12 rounded object-cover" />
          </td>
          <td className="min-w-40 font-medium">{tool.toolName}</td>
          <td>{tool.minimumOrderQuantity}</td>
          <td>{tool.availableQuantity}</td>
          <td>{formatMoney(tool.price)}</td>
          <td className="text-sm">
            <span className="block">{tool.sku ?? '—'}</span>
            {tool.gtin !== null && <span className="block text-base-content/70">{tool.gtin}</span>}
          </td>
          <td>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-primary btn-xs" aria-label={`Edit ${tool.toolName}`} onClick={() => onAction('edit', tool)}>
                Edit
              </button>
              <button type="button" className="btn btn-outline btn-xs" aria-label={`Stock of ${tool.toolName}`} onClick={() => onAction('stock', tool)}>
                Stock
              </button>
              <button type="button" className="btn btn-outline btn-xs" aria-label={`Pictures of ${tool.toolName}`} onClick={() => onAction('pictures', tool)}>
                Pictures
              </button>
              <button type="button" className="btn btn-error btn-xs" aria-label={`Delete ${tool.toolName}`} onClick={() => onAction('delete', tool)}>
                Delete
              </button>
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
