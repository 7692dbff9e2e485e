import { NavLink } from 'react-router';
import { useIsAdmin } from '../../lib/session/api/get-admin-status.ts';

interface MenuLink {
  to: string;
  label: string;
}

// product.md, "Screens": everyone sees My Profile; customers see their orders and reviews; admins run the shop.
// A customer's dashboard opens on their profile; an admin's on the overview (issue 26), their profile one link down.
const profileLink: MenuLink = { to: '/dashboard', label: 'My Profile' };
const adminHomeLinks: MenuLink[] = [
  { to: '/dashboard', label: 'Overview' },
  { to: '/dashboard/profile', label: 'My Profile' },
];
const customerLinks: MenuLink[] = [
  { to: '/dashboard/myorders', label: 'My Orders' },
  { to: '/dashboard/addareview', label: 'Add A Review' },
];
const adminLinks: MenuLink[] = [
  { to: '/dashboard/manageorders', label: 'Manage All Orders' },
  { to: '/dashboard/returns', label: 'Returns' },
  { to: '/dashboard/carriers', label: 'Carriers' },
  { to: '/dashboard/managetools', label: 'Manage Tools' },
  { to: '/dashboard/categories', label: 'Categories' },
  { to: '/dashboard/families', label: 'Families' },
  { to: '/dashboard/catalogue-import', label: 'Import / export' },
  { to: '/dashboard/addtool', label: 'Add Tool' },
  { to: '/dashboard/makeadmin', label: 'Make Admin' },
  { to: '/dashboard/webhooks', label: 'Webhooks' },
  { to: '/dashboard/queries', label: 'Queries' },
  { to: '/dashboard/delivery', label: 'Delivery' },
  { to: '/dashboard/coupons', label: 'Coupons' },
  { to: '/dashboard/trade', label: 'Trade accounts' },
  { to: '/dashboard/on-account', label: 'Orders on account' },

  { to: '/dashboard/customer-groups', label: 'Customer groups' },
  { to: '/dashboard/tax', label: 'Tax settings' },
];

export function DashboardMenu({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  const { isAdmin, isPending } = useIsAdmin();
  const shown = isPending ? [] : isAdmin ? [...adminHomeLinks, ...adminLinks] : [profileLink, ...customerLinks];
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
