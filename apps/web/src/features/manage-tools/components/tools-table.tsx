import type { Tool } from '@voltline/shared/tool';

export type ToolAction = 'edit' | 'delete';

interface ToolsTableProps {
  tools: Tool[];
  onAction: (action: ToolAction, tool: Tool) => void;
}

/** The catalogue as admins see it; the table scrolls sideways on narrow screens. */
export function ToolsTable({ tools, onAction }: ToolsTableProps) {
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow">
      <table className="table">
        <caption className="sr-only">Tools</caption>
        <thead>
          <tr>
            <th scope="col">Thumbnail</th>
            <th scope="col">Tool</th>
            <th scope="col">Minimum order quantity</th>
            <th scope="col">Available quantity</th>
            <th scope="col">Price</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {tools.map((tool) => (
            <tr key={tool._id} data-testid="tool-row">
              <td>
                <img src={tool.img} alt={tool.toolName} width={48} height={48} loading="lazy" className="size-12 rounded object-cover" />
              </td>
              <td className="min-w-40 font-medium">{tool.toolName}</td>
              <td>{tool.minimumOrderQuantity}</td>
              <td>{tool.availableQuantity}</td>
              <td>{`$${tool.price}`}</td>
              <td>
                <div className="flex gap-2">
                  <button type="button" className="btn btn-primary btn-xs" aria-label={`Edit ${tool.toolName}`} onClick={() => onAction('edit', tool)}>
                    Edit
                  </button>
                  <button type="button" className="btn btn-error btn-xs" aria-label={`Delete ${tool.toolName}`} onClick={() => onAction('delete', tool)}>
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
