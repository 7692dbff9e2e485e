import { useState } from 'react';
import type { Profile } from '@voltline/shared/profile';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@voltline/shared/staff-roles';
import { refusalOf } from '../../../lib/api-client.ts';
import { mutateThenToast } from '../../../lib/mutate-then-toast.ts';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useSetStaffRoles } from '../api/set-staff-roles.ts';

/** The Team page's roles of one user (decision 063): each role ticked or not, saved as one set; the server keeps an admin. */
export function StaffRolesDialog({ user, onClose }: { user: Profile; onClose: () => void }) {
  const [roles, setRoles] = useState<StaffRole[]>(user.roles);
  const setStaffRoles = useSetStaffRoles();
  const toggle = (role: StaffRole, held: boolean) => setRoles((current) => (held ? [...current, role] : current.filter((each) => each !== role)));
  const save = () =>
    mutateThenToast(setStaffRoles, { user, roles }, `Roles of ${user.name} saved`, onClose);
  return (
    <ModalDialog
      title={`Roles of ${user.email}`}
      description="A user may hold several; an admin may do everything. The shop always keeps one admin."
      onClose={onClose}
      confirm={{ label: 'Save roles', onConfirm: save, pending: setStaffRoles.isPending, failure: refusalOf(setStaffRoles), tone: 'primary' }}
    >
      <fieldset className="fieldset">
        <legend className="fieldset-legend">Roles</legend>
        {STAFF_ROLES.map((role) => (
          <label key={role} className="label gap-2">
            <input type="checkbox" className="checkbox checkbox-sm" checked={roles.includes(role)} onChange={(event) => toggle(role, event.target.checked)} />
            {STAFF_ROLE_LABELS[role]}
          </label>
        ))}
      </fieldset>
    </ModalDialog>
  );
}
