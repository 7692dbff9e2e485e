import { formatShortDateTime } from '@voltline/shared/shop-constants';
import type { Profile, RoleChange } from '@voltline/shared/profile';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useRoleHistory } from '../api/get-role-history.ts';

const ROLE_HISTORY_ID = 'role-history';

const staffRolesOf = (change: RoleChange | undefined) => (change?.roles ?? []).filter((role) => role !== 'admin').join(', ');

/** What a change did, told from the change before it (`before`, the next one down the list): the admin role, or the staff roles (decision 063). */
function describeChange(change: RoleChange, before: RoleChange | undefined): string {
  const when = formatShortDateTime(change.at);
  if (staffRolesOf(change) !== staffRolesOf(before)) {
    const roles = change.roles.length > 0 ? change.roles.join(', ') : 'none (a customer)';
    return `Roles set to ${roles} by ${change.changedBy ?? 'the shop'} on ${when}`;
  }
  // No author: the shop gave the role itself, to its first admin at its first start.
  if (change.changedBy === null) return `${change.role === 'admin' ? 'Made an admin when the shop was set up' : 'Admin role removed by the shop'} on ${when}`;
  return `${change.role === 'admin' ? 'Made an admin' : 'Admin role removed'} by ${change.changedBy} on ${when}`;
}

/** Who gave or took this user's roles, and when, newest first. */
export function RoleHistoryDialog({ user, onClose }: { user: Profile; onClose: () => void }) {
  const history = useRoleHistory(user._id);
  return (
    <ModalDialog title="Role history" description={user.email} onClose={onClose} closeLabel="Close">
      <QueryState query={history.rows} loadingLabel="Loading the role history" spinnerClassName="py-6" emptyText="The role of this user has never been changed.">
        {(changes) => (
          <>
            <ol id={ROLE_HISTORY_ID} className="list-disc space-y-1 pl-6 break-words">
              {changes.map((change, index) => (
                <li key={`${change.at}-${change.role}`}>{describeChange(change, changes[index + 1])}</li>
              ))}
            </ol>
            <LoadMoreButton more={history.more} controls={ROLE_HISTORY_ID} />
          </>
        )}
      </QueryState>
    </ModalDialog>
  );
}
