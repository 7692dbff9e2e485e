import { useState } from 'react';
import { toast } from 'react-toastify';
import { MESSAGES } from '@voltline/shared/messages';
import type { Profile } from '@voltline/shared/profile';
import { describeRequestError } from '../../lib/api-client.ts';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { useAllUsers } from './api/get-all-users.ts';
import { useMakeAdmin } from './api/make-admin.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

/** Admin: every user's email and role, and a way to promote a user (spec 4, behind a confirm dialog). */
export function MakeAdminPage() {
  const users = useAllUsers();
  const makeAdmin = useMakeAdmin();
  const [candidate, setCandidate] = useState<Profile | null>(null);

  const askToPromote = (user: Profile) => {
    makeAdmin.reset();
    setCandidate(user);
  };
  const promoteCandidate = () => {
    if (!candidate) return;
    makeAdmin.mutate(candidate, {
      onSuccess: () => {
        toast.success(MESSAGES.madeAdmin(candidate.name));
        setCandidate(null);
      },
    });
  };

  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-2xl font-bold">Make Admin</h2>
      {users.isPending ? (
        <LoadingSpinner label="Loading users" />
      ) : users.isError ? (
        <p role="alert" className="alert alert-error">
          {describeRequestError(users.error)}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-box bg-base-100 shadow">
          <table className="table">
            <caption className="sr-only">Users</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <tr key={user._id}>
                  <td className="break-all">{user.email}</td>
                  <td>{user.name}</td>
                  <td>
                    {user.role === 'admin' ? (
                      'admin'
                    ) : (
                      <button type="button" className="btn btn-primary btn-sm" onClick={() => askToPromote(user)}>
                        Make admin
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {candidate && (
        <ConfirmDialog
          question={`Make ${candidate.email} an admin?`}
          confirmLabel="Yes, make admin"
          onConfirm={promoteCandidate}
          onCancel={() => setCandidate(null)}
          pending={makeAdmin.isPending}
          failure={makeAdmin.isError ? describeRequestError(makeAdmin.error) : null}
        />
      )}
    </section>
  );
}
