import { useState } from 'react';
import { MESSAGES } from '@voltline/shared/messages';
import { useSession } from '../../../lib/session/session-context.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useProfile } from '../../../features/accounts/api/get-profile.ts';
import { ProfileCard } from '../../../features/accounts/components/profile-card.tsx';
import { ChangeNameDialog } from '../../../features/accounts/components/change-name-dialog.tsx';
import { ChangePasswordDialog } from '../../../features/accounts/components/change-password-dialog.tsx';
import { UpdateProfileModal } from '../../../features/accounts/components/update-profile-modal.tsx';
import { MyDataCard } from '../../../features/accounts/components/my-data-card.tsx';
import { TwoStepSignInCard } from '../../../features/accounts/components/two-step-sign-in-card.tsx';

import { DeleteAccountCard } from '../../../features/accounts/components/delete-account-card.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';
import { BusinessAccountCard } from '../../../features/trade/components/business-account-card.tsx';

type OpenDialog = 'profile' | 'name' | 'password' | null;

function ProfileOf({ email }: { email: string }) {
  const profile = useProfile(email);
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);
  return (
    <QueryState query={profile} loadingLabel="Loading your profile">
      {(loaded) => (
        <>
          <ProfileCard profile={loaded} onEdit={() => setOpen('profile')} />
          <section className="card bg-base-100 shadow" aria-labelledby="account-heading">
            <div className="card-body flex-row flex-wrap items-center gap-3">
              <h3 id="account-heading" className="mr-auto text-lg font-semibold">
                Account
              </h3>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen('name')}>
                Change name
              </button>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen('password')}>
                Change password
              </button>
            </div>
          </section>
          <TwoStepSignInCard />
          <MyDataCard />
          <BusinessAccountCard />
          {/* An admin's account is not deleted (another admin takes the role back first). */}
          {loaded.role === 'user' && <DeleteAccountCard />}
          {open === 'profile' && <UpdateProfileModal profile={loaded} onClose={close} />}
          {open === 'name' && <ChangeNameDialog profile={loaded} onClose={close} />}
          {open === 'password' && <ChangePasswordDialog onClose={close} />}
        </>
      )}
    </QueryState>
  );
}

/** Dashboard index: the signed-in user's profile. */
export function MyProfilePage() {
  const { user } = useSession();
  return (
    <DashboardPage title="My Profile" width="3xl">
      {user ? (
        <ProfileOf email={user.email} />
      ) : (
        <p role="alert" className="alert alert-warning">
          {MESSAGES.noUserLoggedIn}
        </p>
      )}
    </DashboardPage>
  );
}
