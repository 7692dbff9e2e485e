import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast/toast.ts';
import { z } from 'zod';
import { MESSAGES } from '@voltline/shared/messages';
import { profileFields, type Profile } from '@voltline/shared/profile';
import { describeRequestError } from '../../../lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import type { ProfileItem } from '../profile-items.ts';

interface ItemEntry {
  value: string;
}

/** product.md, "Screens": a missing profile item is filled in right where it would show, one field at a time. */
export function AddProfileItemForm({ profile, item }: { profile: Profile; item: ProfileItem }) {
  const itemSchema: z.ZodType<ItemEntry, ItemEntry> = z.object({ value: profileFields[item.field] });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ItemEntry>({ resolver: zodResolver(itemSchema), defaultValues: { value: '' } });
  const updateProfile = useUpdateProfile(profile);
  const inputId = `add-${item.field}`;
  const errorId = `${inputId}-error`;

  const addItem = ({ value }: ItemEntry) =>
    updateProfile.mutate(
      { profileId: profile._id, update: { [item.field]: value } },
      {
        onSuccess: () => toast.success(MESSAGES.infoAdded),
        onError: (error) => setError('value', { message: describeRequestError(error) }),
      },
    );

  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="pt-2 font-medium">
        <label htmlFor={inputId}>{item.label}</label>
      </dt>
      <dd>
        <form onSubmit={handleSubmit(addItem)} noValidate aria-label={`Add ${item.label}`} className="flex flex-col gap-1">
          <div className="join w-full">
            <input
              id={inputId}
              {...register('value')}
              type={item.inputType}
              placeholder={item.placeholder}
              aria-invalid={Boolean(errors.value)}
              aria-describedby={errors.value ? errorId : undefined}
              className="input join-item w-full"
            />
            <button type="submit" className="btn btn-primary join-item" disabled={updateProfile.isPending}>
              Add
            </button>
          </div>
          {errors.value && (
            <p id={errorId} className="text-sm text-error">
              {errors.value.message}
            </p>
          )}
        </form>
      </dd>
    </div>
  );
}
