import { useId, useState, type ChangeEvent } from 'react';
import { MESSAGES } from '@voltline/shared/messages';
import type { Profile } from '@voltline/shared/profile';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useUploadImage } from '../../../lib/upload-image.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { pictureFileSchema } from '../picture-file.ts';

/** The profile picture changed on its own (issue 26, item 10): chosen, uploaded and saved, nothing else asked for. */
export function ChangePictureButton({ profile }: { profile: Profile }) {
  const uploadImage = useUploadImage();
  const updateProfile = useUpdateProfile(profile);
  const steps = [uploadImage, updateProfile];
  // A file that is not a picture is refused here, before any step; the steps' refusals come from their mutations.
  const [notAPicture, setNotAPicture] = useState<string | null>(null);
  const failure = notAPicture ?? refusalOf(steps);
  const inputId = useId();
  const pending = uploadImage.isPending || updateProfile.isPending;

  const changePicture = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file chosen again after a refusal must still count as a choice.
    event.target.value = '';
    if (!chosen) return;
    steps.forEach((step) => step.reset());
    const picture = pictureFileSchema.safeParse(chosen);
    setNotAPicture(picture.success ? null : (picture.error.issues[0]?.message ?? 'The profile picture must be an image'));
    if (!picture.success) return;
    try {
      const profilePicture = await uploadImage.mutateAsync(picture.data);
      await updateProfile.mutateAsync({ profileId: profile._id, update: { profilePicture } });
      toast.success(MESSAGES.profileUpdated);
    } catch {
      // Shown from the failed step's mutation.
    }
  };

  return (
    <div className="flex flex-col gap-1">
      {/* The input takes the focus and the keys; the label, drawn as a button, shows where the focus is. */}
      <input id={inputId} type="file" accept="image/*" className="peer sr-only" disabled={pending} onChange={(event) => void changePicture(event)} />
      <label
        htmlFor={inputId}
        className={`btn btn-outline btn-sm peer-focus-visible:outline-2 peer-focus-visible:outline-solid peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent ${pending ? 'btn-disabled' : ''}`}
      >
        Change picture
      </label>
      {failure && (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      )}
    </div>
  );
}
