import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { SessionUser } from '../lib/session/api/get-session.ts';
import { mayDo, type StaffRole } from '@voltline/shared/staff-roles';
import { staffRolesQueryOptions } from '../lib/session/api/get-admin-status.ts';
import { BACK_OFFICE_PAGES, OVERVIEW_PERMISSION } from './layout/back-office-pages.ts';
import { sessionQueryOptions } from '../lib/session/session-query.ts';
import { clientConfigQueryOptions } from '../lib/client-config.ts';
import { listViewOf } from '../lib/list-address.ts';
import { allUsersQueryOptions } from '../features/accounts/api/get-all-users.ts';
import { profileQueryOptions } from '../features/accounts/api/get-profile.ts';
import { adminToolsQueryOptions } from '../features/catalogue/api/get-admin-tools.ts';
import { categoriesQueryOptions } from '../features/catalogue/api/get-categories.ts';
import { familiesQueryOptions } from '../features/catalogue/api/get-families.ts';
import { adminOrdersQueryOptions } from '../features/orders/api/get-admin-orders.ts';
import { myOrdersQueryOptions } from '../features/orders/api/get-my-orders.ts';
import { shopOverviewQueryOptions } from '../features/orders/api/get-shop-overview.ts';
import { carriersQueryOptions } from '../features/orders/api/shipments.ts';
import { filterOf } from '../features/orders/order-filters.ts';
import { couponsQueryOptions } from '../features/pricing/api/coupons.ts';
import { businessAccountsQueryOptions } from '../features/trade/api/business-accounts.ts';
import { auditLogQueryOptions } from '../features/audit/api/audit-log.ts';
import { ordersOnAccountQueryOptions } from '../features/trade/api/orders-on-account.ts';
import { deliveryPromotionQueryOptions } from '../features/pricing/api/delivery-promotion.ts';
import { deliveryRatesQueryOptions } from '../features/pricing/api/delivery-rates.ts';
import { taxSettingsQueryOptions } from '../features/pricing/api/tax-settings.ts';
import { customerGroupsQueryOptions } from '../features/pricing/api/customer-groups.ts';
import { adminReturnsQueryOptions } from '../features/returns/api/returns.ts';
import { FIRST_INBOX_FILTER, queriesQueryOptions } from '../features/queries/api/get-queries.ts';
import { ownReviewsQueryOptions } from '../features/reviews/api/get-own-reviews.ts';
import { webhookEndpointsQueryOptions } from '../features/webhooks/api/get-webhook-endpoints.ts';
import { apiKeysQueryOptions } from '../features/api-keys/api/get-api-keys.ts';

/** Who opens a dashboard page, and its address's query (a table's search, filter and page). */
interface DashboardVisit {
  queryClient: QueryClient;
  user: SessionUser;
  search: URLSearchParams;
  /** The server's answer RequireStaff and the dashboard's menu read (the same query): the caller's staff roles. */
  roles: Promise<StaffRole[]>;
}

type PageData = (visit: DashboardVisit) => Promise<unknown>;

/**
 * A back-office table's page, unless the page has already asked for it and was refused: this
 * loader waits for the session and the roles check, so on a busy machine the page can mount, ask
 * and meet the refusal (a page link changed by hand) first, and a refusal does not change on a
 * second asking (addressedListOptions keeps the page from asking again on mount).
 */
function startAddressedList<Page, Key extends QueryKey>(queryClient: QueryClient, options: EnsureQueryDataOptions<Page, Error, Page, Key>) {
  const state = queryClient.getQueryState(options.queryKey);
  return state?.status === 'error' ? Promise.resolve() : queryClient.ensureQueryData(options);
}


/** Each dashboard page's first query, under the key the page reads (its api module's options), so the page finds it on its way or done. */
const PAGE_DATA = {
  // An admin or an accountant lands on the overview, anyone else on their profile (dashboard-home.tsx).
  home: async ({ queryClient, user, roles }) =>
    mayDo(await roles, OVERVIEW_PERMISSION) ? queryClient.ensureQueryData(shopOverviewQueryOptions) : queryClient.ensureQueryData(profileQueryOptions(user.email)),
  profile: ({ queryClient, user }) => queryClient.ensureQueryData(profileQueryOptions(user.email)),
  myOrders: ({ queryClient }) => queryClient.ensureInfiniteQueryData(myOrdersQueryOptions),
  addReview: ({ queryClient }) => queryClient.ensureInfiniteQueryData(ownReviewsQueryOptions),
  // The orders the admin came for; the overview above them waits for them (shop-overview.tsx).
  manageOrders: ({ queryClient, search }) => startAddressedList(queryClient, adminOrdersQueryOptions({ filter: filterOf(search), ...listViewOf(search) })),
  manageTools: ({ queryClient, search }) => startAddressedList(queryClient, adminToolsQueryOptions(listViewOf(search))),
  categories: ({ queryClient }) => queryClient.ensureQueryData(categoriesQueryOptions()),
  families: ({ queryClient }) => queryClient.ensureInfiniteQueryData(familiesQueryOptions),
  // Nothing to read until a file is chosen.
  catalogueImport: async () => undefined,
  // The tool form's VAT rate hint.
  addTool: ({ queryClient }) => queryClient.ensureQueryData(clientConfigQueryOptions),
  makeAdmin: ({ queryClient, search }) => startAddressedList(queryClient, allUsersQueryOptions(listViewOf(search))),
  webhooks: ({ queryClient }) => queryClient.ensureInfiniteQueryData(webhookEndpointsQueryOptions),
  apiKeys: ({ queryClient }) => queryClient.ensureInfiniteQueryData(apiKeysQueryOptions),
  queries: ({ queryClient }) => queryClient.ensureInfiniteQueryData(queriesQueryOptions(FIRST_INBOX_FILTER)),
  delivery: ({ queryClient }) => Promise.all([queryClient.ensureQueryData(deliveryRatesQueryOptions), queryClient.ensureQueryData(deliveryPromotionQueryOptions)]),
  coupons: ({ queryClient }) => queryClient.ensureInfiniteQueryData(couponsQueryOptions(undefined)),
  // The page opens on the applications waiting for a decision.
  tradeAccounts: ({ queryClient }) => queryClient.ensureInfiniteQueryData(businessAccountsQueryOptions({ q: undefined, state: 'pending' })),
  ordersOnAccount: ({ queryClient }) => queryClient.ensureInfiniteQueryData(ordersOnAccountQueryOptions(false)),
  customerGroups: ({ queryClient }) => queryClient.ensureQueryData(customerGroupsQueryOptions),
  taxSettings: ({ queryClient }) => queryClient.ensureQueryData(taxSettingsQueryOptions),
  returns: ({ queryClient }) => queryClient.ensureInfiniteQueryData(adminReturnsQueryOptions('')),
  carriers: ({ queryClient }) => queryClient.ensureQueryData(carriersQueryOptions),
  // The page opens on the whole log, newest first.
  audit: ({ queryClient }) => queryClient.ensureInfiniteQueryData(auditLogQueryOptions({ actor: undefined, kind: undefined, from: undefined, to: undefined })),
} satisfies Record<string, PageData>;

export type DashboardPage = keyof typeof PAGE_DATA;

/**
 * Starts a dashboard page's data in the browser, alongside its code (route-loaders.ts): once the
 * session is known (the app's one early request, or the cache), and on a back-office page once the
 * server has said the user's roles open it. A signed-out visitor starts nothing: RequireAuth sends them
 * to /login. Rejects when a request fails; the page asks again and shows the failure itself.
 */
export async function startDashboardPage(page: DashboardPage, { queryClient, search }: Pick<DashboardVisit, 'queryClient' | 'search'>): Promise<void> {
  const user = await queryClient.ensureQueryData(sessionQueryOptions);
  if (!user) return;
  // Asked on every dashboard page (the menu reads it too); a page that does not wait for it still starts it.
  const roles = queryClient.ensureQueryData(staffRolesQueryOptions(user.email));
  roles.catch(() => undefined);
  // A back-office page's data starts only for staff whose roles open it: anyone else is told the page
  // is not theirs (RequireStaff), and asks nothing they would be refused.
  if (page in BACK_OFFICE_PAGES && !mayDo(await roles, BACK_OFFICE_PAGES[page as keyof typeof BACK_OFFICE_PAGES].permission)) return;
  await PAGE_DATA[page]({ queryClient, user, search, roles });
}
