import { toast } from '../../../lib/toast/toast.ts';
import { z } from 'zod';
import { MESSAGES } from '@voltline/shared/messages';
import { profileFields, type Profile } from '@voltline/shared/profile';
import { refusalOf } from '../../../lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import type { ProfileItem } from '../profile-items.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

interface ItemEntry {
  value: string;
}

/**
 * One profile item, saved alone (PATCH /profile/{id} with that field only). product.md, "Screens":
 * a missing item is added right where it would show; issue 26 (item 10): a filled one is changed
 * the same way, from its Edit button, without the update modal's every-field rule. `onCancel`
 * makes it an edit (the item's value to start from, Save and Cancel); without it, an Add form.
 */
export function ProfileItemForm({ profile, item, onCancel }: { profile: Profile; item: ProfileItem; onCancel?: () => void }) {
  const editing = onCancel !== undefined;
  const itemSchema: z.ZodType<ItemEntry, ItemEntry> = z.object({ value: profileFields[item.field] });
  const { register, handleSubmit, errors } = useZodForm(itemSchema, { value: editing ? (profile[item.field] ?? '') : '' });
  const updateProfile = useUpdateProfile(profile);
  const inputId = `${editing ? 'edit' : 'add'}-${item.field}`;
  const errorId = `${inputId}-error`;
  const formName = `${editing ? 'Edit' : 'Add'} ${item.label}`;
  // The item's own rule first; otherwise the server's refusal of the last attempt, which goes as the value changes.
  const problem = errors.value?.message ?? refusalOf(updateProfile);

  const saveItem = ({ value }: ItemEntry) =>
    updateProfile.mutate(
      { profileId: profile._id, update: { [item.field]: value } },
      {
        onSuccess: () => {
          toast.success(editing ? MESSAGES.profileUpdated : MESSAGES.infoAdded);
          onCancel?.();
        },
      },
    );

  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="pt-2 font-medium">
        <label htmlFor={inputId}>{item.label}</label>
      </dt>
      <dd>
        <form onSubmit={handleSubmit(saveItem)} noValidate aria-label={formName} className="flex flex-col gap-1">
          <div className="join w-full">
            <input
              id={inputId}
              {...register('value', { onChange: () => updateProfile.reset() })}
              type={item.inputType}
              placeholder={item.placeholder}
              aria-invalid={Boolean(problem)}
              aria-describedby={problem ? errorId : undefined}
              // The Edit button that opened it is gone: the focus goes where the typing is.
              autoFocus={editing}
              className="input join-item w-full"
            />
            <button type="submit" className="btn btn-primary join-item" disabled={updateProfile.isPending}>
              {editing ? 'Save' : 'Add'}
            </button>
            {editing && (
              <button type="button" className="btn join-item" onClick={onCancel}>
                Cancel
              </button>
            )}
          </div>
          {problem && (
            <p id={errorId} className="text-sm text-error">
              {problem}
            </p>
          )}
        </form>
      </dd>
    </div>
  );
}
