import { UserRoles } from '../../../features/accounts/components/user-roles.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

/** Dashboard, Make Admin (admins only): every user's role, changed behind a confirm dialog. */
export function MakeAdminPage() {
  return (
    <DashboardPage title="Make Admin">
      <UserRoles />
    </DashboardPage>
  );
}
