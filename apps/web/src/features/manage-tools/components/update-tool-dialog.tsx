import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast/toast.ts';
import type { z } from 'zod';
import { payableTool, toolUpdateSchema, type Tool, type ToolUpdate } from '@voltline/shared/tool';
import { describeRequestError } from '../../../lib/api-client.ts';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { WholeNumberField } from '../../../components/whole-number-field.tsx';
import { wholeNumberFromText } from '@voltline/shared/whole-number';
import { useUpdateTool } from '../api/update-tool.ts';

const NUMBER_FIELDS = [
  { name: 'availableQuantity', label: 'Available quantity' },
  { name: 'minimumOrderQuantity', label: 'Minimum order quantity' },
  { name: 'price', label: 'Price' },
] as const satisfies readonly { name: keyof ToolUpdate; label: string }[];

// The server's own check: the whole stock at the unit price must fit one card payment.
const toolUpdateFormSchema = payableTool(toolUpdateSchema);

/** Spec 5: all three numbers are required whole numbers; they start from the tool's current values. */
export function UpdateToolDialog({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const idPrefix = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof toolUpdateSchema>, unknown, ToolUpdate>({
    resolver: zodResolver(toolUpdateFormSchema),
    defaultValues: {
      availableQuantity: tool.availableQuantity,
      minimumOrderQuantity: tool.minimumOrderQuantity,
      price: tool.price,
    },
  });
  const updateTool = useUpdateTool();
  const saveTool = (update: ToolUpdate) =>
    updateTool.mutate(
      { toolId: tool._id, update },
      {
        onSuccess: ({ warning }) => {
          toast.success('Tool updated successfully');
          // Saved all the same (stock may be on its way), but the admin should know customers are shut out.
          if (warning) toast.warning(warning);
          onClose();
        },
      },
    );

  return (
    <ModalDialog
      title="Update tool"
      description={`Stock, minimum order and price of ${tool.toolName}.`}
      onClose={onClose}
      confirm={{
        label: 'Update',
        onConfirm: () => void handleSubmit(saveTool)(),
        pending: updateTool.isPending,
        failure: updateTool.isError ? describeRequestError(updateTool.error) : null,
        tone: 'primary',
      }}
    >
      {NUMBER_FIELDS.map((field) => (
        <WholeNumberField
          key={field.name}
          id={`${idPrefix}-${field.name}`}
          label={field.label}
          error={errors[field.name]?.message}
          registration={register(field.name, { setValueAs: wholeNumberFromText })}
        />
      ))}
    </ModalDialog>
  );
}
