import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast/toast.ts';
import type { z } from 'zod';
import { toolUpdateSchema, type Tool, type ToolUpdate } from '@voltline/shared/tool';
import { describeRequestError } from '../../../lib/api-client.ts';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { WholeNumberField } from '../../../components/whole-number-field.tsx';
import { useUpdateTool } from '../api/update-tool.ts';

const NUMBER_FIELDS = [
  { name: 'availableQuantity', label: 'Available quantity', min: 0 },
  { name: 'minimumOrderQuantity', label: 'Minimum order quantity', min: 1 },
  { name: 'price', label: 'Price', min: 1 },
] as const satisfies readonly { name: keyof ToolUpdate; label: string; min: number }[];

/** Spec 5: all three numbers are required whole numbers; they start from the tool's current values. */
export function UpdateToolDialog({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const idPrefix = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof toolUpdateSchema>, unknown, ToolUpdate>({
    resolver: zodResolver(toolUpdateSchema),
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
        onSuccess: () => {
          toast.success('Tool updated successfully');
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
          min={field.min}
          registration={register(field.name, { valueAsNumber: true })}
        />
      ))}
    </ModalDialog>
  );
}
