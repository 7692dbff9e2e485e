import { confirmStep } from '../../../lib/confirm-step.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { DELETE_CONFIRMATION_WORD } from '@voltline/shared/shop-constants';
import type { Tool } from '@voltline/shared/tool';
import { TypedConfirmDialog } from '../../../components/typed-confirm-dialog.tsx';
import { useDeleteTool } from '../api/delete-tool.ts';

/** product.md, "States": a tool is deleted only after typing DELETE, and its unpaid orders go with it. */
export function DeleteToolDialog({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const remove = confirmStep(useDeleteTool(), tool._id, { done: () => toast.warning('Tool has been deleted'), onClose });

  return (
    <TypedConfirmDialog
      title="Delete tool"
      description={`Type ${DELETE_CONFIRMATION_WORD} to delete ${tool.toolName}. Its unpaid orders are canceled; paid orders can still be shipped.`}
      word={DELETE_CONFIRMATION_WORD}
      {...remove}
      onClose={onClose}
      closeLabel="Cancel"
      confirmLabel="Delete"
    />
  );
}
