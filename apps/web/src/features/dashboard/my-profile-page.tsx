import { useState } from 'react';
import { MESSAGES } from '@voltline/shared/messages';
import { useSession } from '../../lib/session/session-context.ts';
import { describeRequestError } from '../../lib/api-client.ts';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { useProfile } from './api/get-profile.ts';
import { ProfileCard } from './components/profile-card.tsx';
import { UpdateProfileModal } from './components/update-profile-modal.tsx';

function ProfileOf({ email }: { email: string }) {
  const profile = useProfile(email);
  const [editing, setEditing] = useState(false);
  if (profile.isPending) return <LoadingSpinner label="Loading your profile" />;
  if (profile.isError) {
    return (
      <p role="alert" className="alert alert-error">
        {describeRequestError(profile.error)}
      </p>
    );
  }
  return (
    <>
      <ProfileCard profile={profile.data} onEdit={() => setEditing(true)} />
      {editing && <UpdateProfileModal profile={profile.data} onClose={() => setEditing(false)} />}
    </>
  );
}

/** Dashboard index: the signed-in user's profile. */
export function MyProfilePage() {
  const { user } = useSession();
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <h2 className="text-2xl font-bold">My Profile</h2>
      {user ? (
        <ProfileOf email={user.email} />
      ) : (
        <p role="alert" className="alert alert-warning">
          {MESSAGES.noUserLoggedIn}
        </p>
      )}
    </section>
  );
}
