import { useState } from 'react';
import { toast } from '../../../lib/toast/toast.ts';
import { MESSAGES } from '@voltline/shared/messages';
import type { Profile, Role } from '@voltline/shared/profile';
import { refusalOf } from '../../../lib/api-client.ts';
import { useListAddress } from '../../../lib/list-address.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { BreakableAddress } from '../../../components/breakable-address.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useAllUsers } from '../api/get-all-users.ts';
import { useChangeRole } from '../api/change-role.ts';
import { EraseCustomerDialog } from './erase-customer-dialog.tsx';
import { RoleHistoryDialog } from './role-history-dialog.tsx';
import { StaffRolesDialog } from './staff-roles-dialog.tsx';

const COLUMNS = ['Email', 'Name', 'Role', 'Actions'];

/** A role change waiting for the admin's yes: making a user an admin, or taking the role back. */
interface PendingRoleChange {
  user: Profile;
  role: Role;
}

/**
 * The Team page (admins): users' emails and roles a page at a time; any staff roles given or taken (decision 063); promote a user (product.md, "States") or take another admin's
 * role back (issue 16), each behind a confirm dialog; who changed a role and when.
 */
export function UserRoles() {
  const address = useListAddress();
  const users = useAllUsers({ q: address.q, cursor: address.cursor });
  const { user: signedIn } = useSession();
  const changeRole = useChangeRole();
  const [pending, setPending] = useState<PendingRoleChange | null>(null);
  const [historyOf, setHistoryOf] = useState<Profile | null>(null);
  const [erasing, setErasing] = useState<Profile | null>(null);
  const [rolesOf, setRolesOf] = useState<Profile | null>(null);

  const askFor = (change: PendingRoleChange) => {
    changeRole.reset();
    setPending(change);
  };
  const confirmRoleChange = () => {
    if (!pending) return;
    changeRole.mutate(pending, {
      onSuccess: () => {
        toast.success(pending.role === 'admin' ? MESSAGES.madeAdmin(pending.user.name) : MESSAGES.adminRemoved(pending.user.name));
        setPending(null);
      },
    });
  };

  return (
    <>
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
                {/* The spec's admin or user, or every staff role held (decision 063). */}
                <td>{user.roles.length > 0 ? user.roles.join(', ') : user.role}</td>
                <td>
                  {/* Both role changes sit in this one column, where the eye looks for what can be done (issue 26). */}
                  <div className="flex flex-wrap gap-2">
                    {user.role === 'user' && (
                      <button type="button" className="btn btn-primary btn-sm" onClick={() => askFor({ user, role: 'admin' })}>
                        Make admin
                      </button>
                    )}
                    {/* Another admin's role only: giving up one's own is for when someone else runs the shop. */}
                    {user.role === 'admin' && user.email !== signedIn?.email.toLowerCase() && (
                      <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => askFor({ user, role: 'user' })}>
                        Remove admin
                      </button>
                    )}
                    <button type="button" className="btn btn-outline btn-sm" aria-label={`Roles of ${user.email}`} onClick={() => setRolesOf(user)}>
                      Roles
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm" aria-label={`Role history of ${user.email}`} onClick={() => setHistoryOf(user)}>
                      History
                    </button>
                    {/* A customer's request by mail to be forgotten (decision 061); an admin's account is not erased. */}
                    {user.role === 'user' && (
                      <button type="button" className="btn btn-ghost btn-sm text-error" aria-label={`Erase the account of ${user.email}`} onClick={() => setErasing(user)}>
                        Erase
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </PagedTable>
      {pending && (
        // product.md, "States": a role change asks once before it changes anything.
        <ModalDialog
          title={pending.role === 'admin' ? `Make ${pending.user.email} an admin?` : `Remove the admin role of ${pending.user.email}?`}
          description={pending.role === 'admin' ? undefined : 'They keep their account and orders, and lose every admin page at once.'}
          onClose={() => setPending(null)}
          confirm={{
            label: pending.role === 'admin' ? 'Yes, make admin' : 'Yes, remove admin',
            onConfirm: confirmRoleChange,
            pending: changeRole.isPending,
            failure: refusalOf(changeRole),
            tone: pending.role === 'admin' ? 'primary' : 'error',
          }}
        />
      )}
      {rolesOf && <StaffRolesDialog user={rolesOf} onClose={() => setRolesOf(null)} />}
      {historyOf && <RoleHistoryDialog user={historyOf} onClose={() => setHistoryOf(null)} />}
      {erasing && <EraseCustomerDialog user={erasing} onClose={() => setErasing(null)} />}
    </>
  );
}
