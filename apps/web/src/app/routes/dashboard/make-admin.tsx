import { UserRoles } from '../../../features/accounts/components/user-roles.tsx';

/** Dashboard, Make Admin (admins only): every user's role, changed behind a confirm dialog. */
export function MakeAdminPage() {
  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-2xl font-bold">Make Admin</h2>
      <UserRoles />
    </section>
  );
}
