import type { Permission } from '@voltline/shared/staff-roles';

interface BackOfficePage {
  to: string;
  label: string;
  /** What the page's work needs (packages/shared/src/staff-roles.ts): the menu shows it, and its guard opens it, to staff holding it. */
  permission: Permission;
}

/**
 * The back office's pages, in the dashboard menu's order, each with the permission its work needs
 * (decision 063). The menu (dashboard-menu.tsx), the page guard (require-staff.tsx) and the pages'
 * first data (dashboard-data.ts) read this one list; the server decides on every call regardless.
 */
export const BACK_OFFICE_PAGES = {
  manageOrders: { to: '/dashboard/manageorders', label: 'Manage All Orders', permission: 'readOrders' },
  returns: { to: '/dashboard/returns', label: 'Returns', permission: 'returns' },
  carriers: { to: '/dashboard/carriers', label: 'Carriers', permission: 'ship' },
  manageTools: { to: '/dashboard/managetools', label: 'Manage Tools', permission: 'catalogue' },
  categories: { to: '/dashboard/categories', label: 'Categories', permission: 'catalogue' },
  families: { to: '/dashboard/families', label: 'Families', permission: 'catalogue' },
  catalogueImport: { to: '/dashboard/catalogue-import', label: 'Import / export', permission: 'catalogue' },
  addTool: { to: '/dashboard/addtool', label: 'Add Tool', permission: 'catalogue' },
  // The spec's Make Admin, now every staff role (its address kept).
  makeAdmin: { to: '/dashboard/makeadmin', label: 'Team', permission: 'team' },
  webhooks: { to: '/dashboard/webhooks', label: 'Webhooks', permission: 'settings' },
  apiKeys: { to: '/dashboard/api-keys', label: 'API keys', permission: 'apiKeys' },
  queries: { to: '/dashboard/queries', label: 'Queries', permission: 'queries' },
  delivery: { to: '/dashboard/delivery', label: 'Delivery', permission: 'settings' },
  coupons: { to: '/dashboard/coupons', label: 'Coupons', permission: 'settings' },
  tradeAccounts: { to: '/dashboard/trade', label: 'Trade accounts', permission: 'tradeAccounts' },
  ordersOnAccount: { to: '/dashboard/on-account', label: 'Orders on account', permission: 'accounts' },
  customerGroups: { to: '/dashboard/customer-groups', label: 'Customer groups', permission: 'tradeAccounts' },
  taxSettings: { to: '/dashboard/tax', label: 'Tax settings', permission: 'settings' },
  audit: { to: '/dashboard/audit', label: 'Audit log', permission: 'audit' },
} as const satisfies Record<string, BackOfficePage>;

/** The back-office page at `pathname`, if it is one. */
export const backOfficePageAt = (pathname: string): BackOfficePage | undefined =>
  Object.values(BACK_OFFICE_PAGES).find((page) => page.to === pathname.replace(/\/+$/, ''));

/** The overview's figures (revenue, the VAT report) are the accounts' work. */
export const OVERVIEW_PERMISSION: Permission = 'accounts';
