import { useState } from 'react';
import { toast } from '../../lib/toast/toast.ts';
import { MESSAGES } from '@voltline/shared/messages';
import type { Profile } from '@voltline/shared/profile';
import { describeRequestError } from '../../lib/api-client.ts';
import { useListAddress } from '../../lib/list-address.ts';
import { BreakableAddress } from '../../components/breakable-address.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { useAllUsers } from './api/get-all-users.ts';
import { useMakeAdmin } from './api/make-admin.ts';

const COLUMNS = ['Email', 'Name', 'Role'];

/** Admin: users' emails and roles a page at a time, and a way to promote a user (spec 4, behind a confirm dialog). */
export function MakeAdminPage() {
  const address = useListAddress();
  const users = useAllUsers({ q: address.q, cursor: address.cursor });
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
      <SearchBox label="Search users" value={address.q ?? ''} onSearch={address.search} />
      <PagedTable page={users} address={address} label="User pages" loadingLabel="Loading users" emptyText="No user found">
        {(listed) => (
          <DataTable caption="Users" columns={COLUMNS}>
            {listed.map((user) => (
              <tr key={user._id}>
                <td>
                  <BreakableAddress value={user.email} />
                </td>
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
      </PagedTable>
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
