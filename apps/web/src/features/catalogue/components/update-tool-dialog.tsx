import { useState } from 'react';
import { useTool } from '../../../entities/tool/api/get-tool.ts';
import { useCategories } from '../api/get-categories.ts';
import { attributesOfCategory, placementOf, specificationsOf, ToolCategoryFields, type ToolPlacement } from './tool-category-fields.tsx';
import { toast } from '../../../lib/toast/toast.ts';
import type { Tool } from '@voltline/shared/tool';
import { toolWarrantySchema, type ToolWarranty } from '@voltline/shared/shipments';
import { wholeNumberFromText } from '@voltline/shared/whole-number';
import { editToolFormSchema, type ToolForm } from '../tool-form.ts';
import { useImagePreview } from '../hooks/use-image-preview.ts';
import { useUploadImage } from '../../../lib/upload-image.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ToolFields } from './tool-fields.tsx';
import { useUpdateTool } from '../api/update-tool.ts';
import { useSetToolWarranty } from '../api/set-tool-warranty.ts';
import { ToolWarrantyFields, type WarrantyDraft } from './tool-warranty-fields.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';

/** The warranty fields as the route takes them, or the words of what is wrong with them. */
function warrantyOf(draft: WarrantyDraft): { warranty: ToolWarranty } | { problem: string } {
  const months = draft.warrantyMonths.trim();
  const checked = toolWarrantySchema.safeParse({ serialised: draft.serialised, warrantyMonths: months === '' ? null : wholeNumberFromText(months) });
  return checked.success ? { warranty: checked.data } : { problem: checked.error.issues[0]?.message ?? 'Check the warranty' };
}

/**
 * The whole tool, starting from its current values (issue 16: name, description and picture as
 * well as the spec's stock, minimum order and price). A new picture is uploaded only on Update.
 */
export function UpdateToolDialog({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const { register, handleSubmit, errors, formState } = useZodForm(editToolFormSchema, {
    toolName: tool.toolName,
    description: tool.description,
    availableQuantity: tool.availableQuantity,
    minimumOrderQuantity: tool.minimumOrderQuantity,
    price: tool.price,
    vatRate: tool.vatRate === null ? '' : String(tool.vatRate),
    sku: tool.sku ?? '',
    gtin: tool.gtin ?? '',
  });
  const uploadImage = useUploadImage();
  const updateTool = useUpdateTool();
  const setWarranty = useSetToolWarranty();
  const [warrantyDraft, setWarrantyDraft] = useState<WarrantyDraft>({ serialised: tool.serialised, warrantyMonths: tool.warrantyMonths === null ? '' : String(tool.warrantyMonths) });
  const [warrantyProblem, setWarrantyProblem] = useState<string>();
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
    const warranty = warrantyOf(warrantyDraft);
    setWarrantyProblem('problem' in warranty ? warranty.problem : undefined);
    if ('problem' in warranty) return;
    // Sent only when changed: an admin editing a name needs no second call.
    const warrantyChanged = warranty.warranty.serialised !== tool.serialised || warranty.warranty.warrantyMonths !== tool.warrantyMonths;
    try {
      const img = image ? await uploadImage.mutateAsync(image) : undefined;
      const { warning } = await updateTool.mutateAsync({ toolId: tool._id, update: { ...edit, ...(img ? { img } : {}), ...placementUpdate() } });
      if (warrantyChanged) await setWarranty.mutateAsync({ toolId: tool._id, warranty: warranty.warranty });
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
      mutations={[uploadImage, updateTool, setWarranty]}
      submitting={formState.isSubmitting}
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
      <ToolWarrantyFields draft={warrantyDraft} onChange={setWarrantyDraft} error={warrantyProblem} />
    </FormDialog>
  );
}
