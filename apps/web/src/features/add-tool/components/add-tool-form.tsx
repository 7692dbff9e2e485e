import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast/toast.ts';
import { z } from 'zod';
import { IMAGE_UPLOAD_MAX_BYTES } from '@voltline/shared/profile';
import { minimumAboveStockWarning, payableTool, toolInputSchema } from '@voltline/shared/tool';
import { describeRequestError } from '../../../lib/api-client.ts';
import { useUploadImage } from '../../../lib/upload-image.ts';
import { FormField } from '../../../components/form-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { WholeNumberField } from '../../../components/whole-number-field.tsx';
import { wholeNumberFromText } from '@voltline/shared/whole-number';
import { useAddTool } from '../api/add-tool.ts';
import { useImagePreview } from '../hooks/use-image-preview.ts';

const maxMegabytes = IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024);

// Spec 5: every field is required. The tool's img is the upload's address, so the form asks for
// the file instead; its size is checked here too, so a large file is refused before it is sent.
// The whole stock at the unit price must also fit one card payment, as the server checks.
const addToolFormSchema = payableTool(
  toolInputSchema.omit({ img: true }).extend({
    image: z
      .custom<FileList>((files) => files instanceof FileList && files.length > 0, 'Image is required')
      .transform((files) => files[0]!)
      .refine((file) => file.type.startsWith('image/'), 'The image must be a picture')
      .refine((file) => file.size <= IMAGE_UPLOAD_MAX_BYTES, `The image must be at most ${maxMegabytes} MB`),
  }),
);
type AddToolFormInput = z.input<typeof addToolFormSchema>;
type AddToolForm = z.output<typeof addToolFormSchema>;

const NUMBER_FIELDS = [
  { name: 'minimumOrderQuantity', label: 'Minimum order quantity' },
  { name: 'availableQuantity', label: 'Available quantity' },
  { name: 'price', label: 'Price' },
] as const satisfies readonly { name: keyof AddToolForm; label: string }[];

export function AddToolForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddToolFormInput, unknown, AddToolForm>({
    resolver: zodResolver(addToolFormSchema),
    defaultValues: { toolName: '', description: '' },
  });
  const uploadImage = useUploadImage();
  const addTool = useAddTool();
  const { previewUrl, showPreview } = useImagePreview();
  const [failure, setFailure] = useState<string | null>(null);

  const addToCatalogue = async ({ image, ...tool }: AddToolForm) => {
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
    } catch (error) {
      setFailure(describeRequestError(error));
    }
  };

  return (
    <form
      // A new attempt starts clean: an earlier upload's refusal beside this attempt's own error
      // would read as a second, current problem.
      onSubmit={(event) => {
        setFailure(null);
        void handleSubmit(addToCatalogue)(event);
      }}
      noValidate aria-label="Add tool" className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <FormField id="add-tool-name" label="Tool name" error={errors.toolName?.message}>
          {(control) => <input {...control} {...register('toolName')} required autoComplete="off" className="input w-full" />}
        </FormField>
        <FormField id="add-tool-description" label="Description" error={errors.description?.message}>
          {(control) => <textarea {...control} {...register('description')} required rows={4} className="textarea w-full" />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          {NUMBER_FIELDS.map((field) => (
            <WholeNumberField
              key={field.name}
              id={`add-tool-${field.name}`}
              label={field.label}
              error={errors[field.name]?.message}
              registration={register(field.name, { setValueAs: wholeNumberFromText })}
            />
          ))}
        </div>
        <FormField id="add-tool-image" label="Image" error={errors.image?.message}>
          {(control) => (
            <input
              {...control}
              {...register('image', { onChange: (event) => showPreview((event.target as HTMLInputElement).files?.[0]) })}
              type="file"
              accept="image/*"
              required
              className="file-input w-full"
            />
          )}
        </FormField>
        {previewUrl && <img src={previewUrl} alt="Preview of the chosen image" width={96} height={96} className="size-24 rounded object-cover" />}
        <FormMessage message={failure} />
        <PendingButton type="submit" className="btn btn-primary" pending={isSubmitting}>
          Add tool
        </PendingButton>
      </div>
    </form>
  );
}
