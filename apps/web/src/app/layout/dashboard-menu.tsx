import { NavLink } from 'react-router';
import { useStaffRoles } from '../../lib/session/api/get-admin-status.ts';
import { BACK_OFFICE_PAGES, OVERVIEW_PERMISSION } from './back-office-pages.ts';

interface MenuLink {
  to: string;
  label: string;
}

// product.md, "Screens": everyone sees My Profile; customers see their orders and reviews; staff see
// the back-office pages their roles open (decision 063), an admin all of them.
// A customer's dashboard opens on their profile; an admin's or an accountant's on the overview (issue 26), their profile one link down.
const profileLink: MenuLink = { to: '/dashboard', label: 'My Profile' };
const overviewLinks: MenuLink[] = [
  { to: '/dashboard', label: 'Overview' },
  { to: '/dashboard/profile', label: 'My Profile' },
];
const customerLinks: MenuLink[] = [
  { to: '/dashboard/myorders', label: 'My Orders' },
  { to: '/dashboard/addareview', label: 'Add A Review' },
];

export function DashboardMenu({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  const { roles, may, isPending } = useStaffRoles();
  const backOffice = Object.values(BACK_OFFICE_PAGES).filter((page) => may(page.permission));
  const home = may(OVERVIEW_PERMISSION) ? overviewLinks : [profileLink];
  const shown = isPending ? [] : roles.length > 0 ? [...home, ...backOffice] : [profileLink, ...customerLinks];
  return (
    <nav id={id} aria-label="Dashboard" className="min-h-full w-64 bg-base-200 p-4">
      <ul className="menu w-full gap-1">
        {shown.map((link) => (
          <li key={link.to}>
            {/* `end` keeps My Profile from looking active on every nested page. */}
            <NavLink to={link.to} end onClick={onNavigate}>
              {link.label}
            </NavLink>
          </li>
        ))}
        {isPending && (
          <li aria-hidden="true">
            <span className="skeleton h-5 w-32" />
          </li>
        )}
      </ul>
    </nav>
  );
}
