import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTool } from '../../../entities/tool/api/get-tool.ts';
import { useCategories } from '../api/get-categories.ts';
import { attributesOfCategory, placementOf, specificationsOf, ToolCategoryFields, type ToolPlacement } from './tool-category-fields.tsx';
import { toast } from '../../../lib/toast/toast.ts';
import type { Tool } from '@voltline/shared/tool';
import { editToolFormSchema, type ToolForm, type ToolFormInput } from '../tool-form.ts';
import { useImagePreview } from '../hooks/use-image-preview.ts';
import { useUploadImage } from '../../../lib/upload-image.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ToolFields } from './tool-fields.tsx';
import { useUpdateTool } from '../api/update-tool.ts';

/**
 * The whole tool, starting from its current values (issue 16: name, description and picture as
 * well as the spec's stock, minimum order and price). A new picture is uploaded only on Update.
 */
export function UpdateToolDialog({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ToolFormInput, unknown, ToolForm>({
    resolver: zodResolver(editToolFormSchema),
    defaultValues: {
      toolName: tool.toolName,
      description: tool.description,
      availableQuantity: tool.availableQuantity,
      minimumOrderQuantity: tool.minimumOrderQuantity,
      price: tool.price,
      vatRate: tool.vatRate === null ? '' : String(tool.vatRate),
      sku: tool.sku ?? '',
      gtin: tool.gtin ?? '',
    },
  });
  const uploadImage = useUploadImage();
  const updateTool = useUpdateTool();
  const { previewUrl, showPreview } = useImagePreview();
  // Its category and specifications (issue 40) come with the tool's page, not the admin list.
  const detail = useTool(tool._id);
  const categories = useCategories();
  const [changedPlacement, setPlacement] = useState<ToolPlacement>();
  const placement = changedPlacement ?? (detail.data ? placementOf(detail.data) : undefined);
  // Sent only when the admin touched them: a spec client's three numbers leave them as they are.
  const placementUpdate = () =>
    changedPlacement === undefined
      ? {}
      : { categoryId: changedPlacement.categoryId, specifications: specificationsOf(attributesOfCategory(categories.data ?? [], changedPlacement.categoryId), changedPlacement) };

  const saveTool = async ({ image, ...edit }: ToolForm) => {
    try {
      const img = image ? await uploadImage.mutateAsync(image) : undefined;
      const { warning } = await updateTool.mutateAsync({ toolId: tool._id, update: { ...edit, ...(img ? { img } : {}), ...placementUpdate() } });
      toast.success('Tool updated successfully');
      // Saved all the same (stock may be on its way), but the admin should know customers are shut out.
      if (warning) toast.warning(warning);
      onClose();
    } catch {
      // The dialog shows the failed step's refusal (a taken name, an upload) from its mutation.
    }
  };

  return (
    <FormDialog
      title="Update tool"
      description={`Everything customers see of ${tool.toolName}.`}
      onClose={onClose}
      submitLabel="Update"
      onSubmit={handleSubmit(saveTool)}
      mutations={[uploadImage, updateTool]}
      submitting={isSubmitting}
    >
      <ToolFields
        idPrefix="update-tool"
        register={register}
        errors={errors}
        onPictureChosen={showPreview}
        picture={previewUrl ?? tool.img}
        pictureRequired={false}
        compact
      />
      {placement && <ToolCategoryFields placement={placement} onChange={setPlacement} />}
    </FormDialog>
  );
}
