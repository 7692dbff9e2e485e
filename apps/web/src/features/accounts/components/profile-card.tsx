import { useState } from 'react';
import type { Profile } from '@voltline/shared/profile';
import { PROFILE_ITEMS, type ProfileItem, type ProfileItemField } from '../profile-items.ts';
import { WholeWords } from '../../../components/whole-words.tsx';
import { ChangePictureButton } from './change-picture-button.tsx';
import { ProfileItemForm } from './profile-item-form.tsx';
import { ProfileRow } from './profile-row.tsx';

const DEFAULT_AVATAR = '/images/avatar-default.svg';

function ItemValue({ item, value }: { item: ProfileItem; value: string }) {
  if (item.field !== 'linkedIn') return value;
  // An address the user typed: opened apart from the shop, without telling it where the click came from.
  return (
    <a href={value} target="_blank" rel="noreferrer noopener" className="link link-accent">
      {value}
    </a>
  );
}

export function ProfileCard({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
  // One item is edited at a time; the others keep their value and Edit button.
  const [editing, setEditing] = useState<ProfileItemField | null>(null);
  return (
    <article className="card bg-base-100 shadow" aria-labelledby="profile-name">
      <div className="card-body gap-6">
        <div className="flex flex-wrap items-center gap-4">
          <img
            src={profile.profilePicture ?? DEFAULT_AVATAR}
            alt={`Profile picture of ${profile.name}`}
            width={96}
            height={96}
            className="h-24 w-24 rounded-full object-cover ring ring-primary ring-offset-2"
          />
          {/* On a phone the name has a row of its own below the picture: a long one keeps its words whole. */}
          <div className="flex min-w-0 flex-1 flex-col gap-1 max-sm:order-last max-sm:basis-full">
            <h3 id="profile-name" className="text-2xl font-bold">
              <WholeWords text={profile.name} />
            </h3>
            <span className={`badge ${profile.role === 'admin' ? 'badge-secondary' : 'badge-outline'}`} data-testid="profile-role">
              {profile.role}
            </span>
            <ChangePictureButton profile={profile} />
          </div>
          <button type="button" className="btn btn-circle btn-ghost max-sm:ms-auto" aria-label="Edit profile" onClick={onEdit}>
            <svg xmlns="http://www.w3.org/2000/svg" className="h-5 w-5" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
              <path
                strokeLinecap="round"
                strokeLinejoin="round"
                strokeWidth={2}
                d="M15.232 5.232l3.536 3.536M4 20h4l10.5-10.5a2.5 2.5 0 00-3.536-3.536L4 16.5V20z"
              />
            </svg>
          </button>
        </div>
        <dl className="flex flex-col gap-3">
          <ProfileRow label="Email">{profile.email}</ProfileRow>
          {PROFILE_ITEMS.map((item) => {
            const value = profile[item.field];
            if (value === null) return <ProfileItemForm key={item.field} profile={profile} item={item} />;
            if (editing === item.field) {
              return <ProfileItemForm key={item.field} profile={profile} item={item} onCancel={() => setEditing(null)} />;
            }
            return (
              <ProfileRow
                key={item.field}
                label={item.label}
                action={
                  <button type="button" className="btn btn-ghost btn-sm" aria-label={`Edit ${item.label}`} onClick={() => setEditing(item.field)}>
                    Edit
                  </button>
                }
              >
                <ItemValue item={item} value={value} />
              </ProfileRow>
            );
          })}
        </dl>
      </div>
    </article>
  );
}
