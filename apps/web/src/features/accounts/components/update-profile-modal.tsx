import { toast } from '../../../lib/toast/toast.ts';
import { z } from 'zod';
import { MESSAGES } from '@voltline/shared/messages';
import { profileUpdateFormSchema, type Profile } from '@voltline/shared/profile';
import { useUploadImage } from '../../../lib/upload-image.ts';
import { FormField } from '../../../components/form-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import { pictureFileSchema } from '../picture-file.ts';
import { PROFILE_ITEMS } from '../profile-items.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

const PICTURE_REQUIRED = 'Profile picture is required';
// product.md, "Rules for what people type": every field and the picture are required. To change one
// of them alone, each has its own Edit on the profile (issue 26).
const updateFormSchema = profileUpdateFormSchema.extend({
  picture: z
    .custom<FileList>((files) => files instanceof FileList && files.length > 0, PICTURE_REQUIRED)
    .transform((files) => files[0]!)
    .pipe(pictureFileSchema),
});
type UpdateForm = z.output<typeof updateFormSchema>;

export function UpdateProfileModal({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  // Start from what the profile already says, so changing one item does not mean retyping all.
  const { register, handleSubmit, errors, formState } = useZodForm(updateFormSchema, {
      address: profile.address ?? '',
      phone: profile.phone ?? '',
      linkedIn: profile.linkedIn ?? '',
      education: profile.education ?? '',
  });
  const uploadImage = useUploadImage();
  const updateProfile = useUpdateProfile(profile);
  const steps = [uploadImage, updateProfile];
  // A new picture starts clean too: an earlier upload's refusal no longer applies to it.
  const forgetRefusal = () => steps.forEach((step) => step.reset());

  const saveProfile = async ({ picture, ...details }: UpdateForm) => {
    try {
      const profilePicture = await uploadImage.mutateAsync(picture);
      await updateProfile.mutateAsync({ profileId: profile._id, update: { ...details, profilePicture } });
      toast.success(MESSAGES.profileUpdated);
      onClose();
    } catch {
      // The dialog shows the failed step's refusal from its mutation.
    }
  };

  return (
    <FormDialog title="Update profile" onClose={onClose} submitLabel="Update" onSubmit={handleSubmit(saveProfile)} mutations={steps} submitting={formState.isSubmitting}>
      {PROFILE_ITEMS.map((item) => (
        <FormField key={item.field} id={`update-${item.field}`} label={item.label} error={errors[item.field]?.message}>
          {(control) => (
            <input {...control} {...register(item.field)} type={item.inputType} placeholder={item.placeholder} className="input w-full" />
          )}
        </FormField>
      ))}
      <FormField id="update-picture" label="Profile picture" error={errors.picture?.message}>
        {(control) => <input {...control} {...register('picture', { onChange: forgetRefusal })} type="file" accept="image/*" className="file-input w-full" />}
      </FormField>
    </FormDialog>
  );
}
