import { useState } from 'react';
import { toast } from '../../lib/toast/toast.ts';
import { MESSAGES } from '@voltline/shared/messages';
import type { Profile } from '@voltline/shared/profile';
import { describeRequestError } from '../../lib/api-client.ts';
import { DataTable } from '../../components/data-table.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useAllUsers } from './api/get-all-users.ts';
import { useMakeAdmin } from './api/make-admin.ts';

const COLUMNS = ['Email', 'Name', 'Role'];

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
      <QueryState query={users} loadingLabel="Loading users">
        {(everyone) => (
          <DataTable caption="Users" columns={COLUMNS}>
            {everyone.map((user) => (
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
          </DataTable>
        )}
      </QueryState>
      {candidate && (
        // Spec 4: promoting a user asks once before it changes anything.
        <ModalDialog
          title={`Make ${candidate.email} an admin?`}
          onClose={() => setCandidate(null)}
          confirm={{
            label: 'Yes, make admin',
            onConfirm: promoteCandidate,
            pending: makeAdmin.isPending,
            failure: makeAdmin.isError ? describeRequestError(makeAdmin.error) : null,
            tone: 'primary',
          }}
        />
      )}
    </section>
  );
}
