import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { DELETE_CONFIRMATION_WORD } from '@voltline/shared/shop-constants';
import type { Tool } from '@voltline/shared/tool';
import { describeRequestError } from '../../../lib/api-client.ts';
import { FormField } from '../../../components/form-field.tsx';
import { useDeleteTool } from '../api/delete-tool.ts';
import { ToolDialog } from './tool-dialog.tsx';

/** Spec 4: a tool is deleted only after typing DELETE. */
export function DeleteToolDialog({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const confirmed = typed === DELETE_CONFIRMATION_WORD;
  const deleteTool = useDeleteTool();

  const removeTool = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter in the input submits too, so the word is checked here as well as on the button.
    if (!confirmed || deleteTool.isPending) return;
    deleteTool.mutate(tool._id, {
      onSuccess: () => {
        toast.warning('Tool has been deleted');
        onClose();
      },
    });
  };

  return (
    <ToolDialog
      title="Delete tool"
      description={`Type ${DELETE_CONFIRMATION_WORD} to delete ${tool.toolName}.`}
      onClose={onClose}
      onSubmit={removeTool}
      submitLabel="Delete"
      submitDisabled={!confirmed}
      pending={deleteTool.isPending}
      failure={deleteTool.isError ? describeRequestError(deleteTool.error) : null}
      tone="error"
    >
      <FormField id={inputId} label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`} error={undefined}>
        {(control) => (
          <input
            {...control}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="input w-full"
          />
        )}
      </FormField>
    </ToolDialog>
  );
}
