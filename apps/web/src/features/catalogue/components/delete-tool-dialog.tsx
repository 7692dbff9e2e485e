import { toast } from '../../../lib/toast/toast.ts';
import { DELETE_CONFIRMATION_WORD } from '@voltline/shared/shop-constants';
import type { Tool } from '@voltline/shared/tool';
import { describeRequestError } from '../../../lib/api-client.ts';
import { TypedConfirmDialog } from '../../../components/typed-confirm-dialog.tsx';
import { useDeleteTool } from '../api/delete-tool.ts';

/** Spec 4: a tool is deleted only after typing DELETE. */
export function DeleteToolDialog({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const deleteTool = useDeleteTool();
  const removeTool = () =>
    deleteTool.mutate(tool._id, {
      onSuccess: () => {
        toast.warning('Tool has been deleted');
        onClose();
      },
    });

  return (
    <TypedConfirmDialog
      title="Delete tool"
      description={`Type ${DELETE_CONFIRMATION_WORD} to delete ${tool.toolName}.`}
      word={DELETE_CONFIRMATION_WORD}
      onConfirm={removeTool}
      onClose={onClose}
      closeLabel="Cancel"
      confirmLabel="Delete"
      pending={deleteTool.isPending}
      failure={deleteTool.isError ? describeRequestError(deleteTool.error) : null}
    />
  );
}
