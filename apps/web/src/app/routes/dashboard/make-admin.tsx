import { UserRoles } from '../../../features/accounts/components/user-roles.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

/** Dashboard, Team (admins only; the spec's Make Admin, at its address): every user's roles, changed behind a dialog. */
export function MakeAdminPage() {
  return (
    <DashboardPage title="Team">
      <UserRoles />
    </DashboardPage>
  );
}
