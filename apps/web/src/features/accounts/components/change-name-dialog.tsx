import { z } from 'zod';
import { personNameSchema } from '@voltline/shared/account';
import { MESSAGES } from '@voltline/shared/messages';
import type { Profile } from '@voltline/shared/profile';
import { mutateThenToast } from '../../../lib/mutate-then-toast.ts';
import { TextField } from '../../../components/text-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

const nameFormSchema = z.object({ name: personNameSchema });
type NameForm = z.infer<typeof nameFormSchema>;

/** The name on the account and profile; orders already placed keep the name they were placed under. */
export function ChangeNameDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { register, handleSubmit, errors } = useZodForm(nameFormSchema, { name: profile.name });
  const updateProfile = useUpdateProfile(profile);

  const saveName = ({ name }: NameForm) =>
    mutateThenToast(updateProfile, { profileId: profile._id, update: { name } }, MESSAGES.nameChanged, onClose);

  return (
    <FormDialog
      title="Change name"
      description="Orders already placed keep the name they were placed under."
      onClose={onClose}
      submitLabel="Save name"
      onSubmit={handleSubmit(saveName)}
      mutations={[updateProfile]}
    >
      <TextField id="change-name" label="Name" error={errors.name?.message} registration={register('name')} autoComplete="name" />
    </FormDialog>
  );
}
