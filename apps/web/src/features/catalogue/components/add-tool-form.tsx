import { toast } from '../../../lib/toast/toast.ts';
import { minimumAboveStockWarning } from '@voltline/shared/tool';
import { refusalOf } from '../../../lib/api-client.ts';
import { addToolFormSchema, type ToolForm } from '../tool-form.ts';
import { useImagePreview } from '../hooks/use-image-preview.ts';
import { useUploadImage } from '../../../lib/upload-image.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { ToolFields } from './tool-fields.tsx';
import { useAddTool } from '../api/add-tool.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

export function AddToolForm() {
  const { register, handleSubmit, reset, errors, formState } = useZodForm(addToolFormSchema, { toolName: '', description: '', vatRate: '', sku: '', gtin: '' });
  const uploadImage = useUploadImage();
  const addTool = useAddTool();
  const { previewUrl, showPreview } = useImagePreview();
  const steps = [uploadImage, addTool];

  const addToCatalogue = async ({ image, ...tool }: ToolForm) => {
    // The schema requires the picture; this only tells the compiler.
    if (!image) return;
    try {
      const img = await uploadImage.mutateAsync(image);
      await addTool.mutateAsync({ ...tool, img });
      toast.success('Tool added successfully');
      // Allowed (stock may be on its way), but customers cannot order it until the stock reaches the minimum.
      if (tool.minimumOrderQuantity > tool.availableQuantity) {
        toast.warning(minimumAboveStockWarning(tool.minimumOrderQuantity, tool.availableQuantity));
      }
      reset();
      showPreview(undefined);
    } catch {
      // The form shows the failed step's refusal from its mutation.
    }
  };

  return (
    <form
      // A new attempt starts clean: an earlier upload's refusal beside this attempt's own error
      // would read as a second, current problem.
      onSubmit={(event) => {
        steps.forEach((step) => step.reset());
        void handleSubmit(addToCatalogue)(event);
      }}
      noValidate aria-label="Add tool" className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <ToolFields idPrefix="add-tool" register={register} errors={errors} onPictureChosen={showPreview} picture={previewUrl} pictureRequired />
        <FormMessage message={refusalOf(steps)} />
        <PendingButton type="submit" className="btn btn-primary" pending={formState.isSubmitting}>
          Add tool
        </PendingButton>
      </div>
    </form>
  );
}
