import { useState } from 'react';
import { MESSAGES } from '@voltline/shared/messages';
import { useSession } from '../../lib/session/session-context.ts';
import { QueryState } from '../../components/query-state.tsx';
import { useProfile } from './api/get-profile.ts';
import { ProfileCard } from './components/profile-card.tsx';
import { UpdateProfileModal } from './components/update-profile-modal.tsx';

function ProfileOf({ email }: { email: string }) {
  const profile = useProfile(email);
  const [editing, setEditing] = useState(false);
  return (
    <QueryState query={profile} loadingLabel="Loading your profile">
      {(loaded) => (
        <>
          <ProfileCard profile={loaded} onEdit={() => setEditing(true)} />
          {editing && <UpdateProfileModal profile={loaded} onClose={() => setEditing(false)} />}
        </>
      )}
    </QueryState>
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
