import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { SHOP_PAGES, type ShopPageEntry } from '@voltline/shared/shop-pages';
import { RootLayout } from './layout/root-layout.tsx';
import { PageError } from './layout/page-error.tsx';
import { ShopShell } from './shop-shell.tsx';
import { catalogueRoute } from './routes/tools/catalogue-route.ts';
import { categoryRoute } from './routes/tools/category-route.ts';
import { HomePage } from './routes/home.tsx';
import { homePageHead } from './routes/home-head.ts';
import type { PageHandle } from './public-page.ts';
import type { DashboardPage } from './dashboard-data.ts';
import { createLoaders, notFound, type RouteOptions } from './route-loaders.ts';
import { shopPageQueryOptions } from '../features/content/api/get-shop-page.ts';
import { toolQueryOptions } from '../entities/tool/api/get-tool.ts';
import { notFoundHead, type PageHead } from '../lib/page-head/page-head.ts';

/** A page whose code is fetched the first time it is shown (React Router's lazy route), so the home page does not carry it. */
const page = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

/** The routes of product.md, "Screens", for the browser's router and the server's static handler alike. */
export function createRoutes({ queryClient, onServer }: RouteOptions): RouteObject[] {
  const { started, loadStorefront, loadTool, requireSession, loadDashboardPage } = createLoaders({ queryClient, onServer });

  /** A page whose head is fixed; the server writes it, the page keeps it in the browser. */
  const headOf = (head: () => Promise<PageHead>): PageHandle => ({ head });
  const storefront = { Component: HomePage, loader: loadStorefront, handle: headOf(async () => homePageHead) } satisfies RouteObject;
  const catalogue = catalogueRoute(queryClient, started);
  const category = categoryRoute(queryClient, onServer);
  /** A dashboard page: its code and its first query start together (route-loaders.ts). */
  const dashboardPage = (name: DashboardPage, load: () => Promise<ComponentType>) => ({ lazy: page(load), loader: loadDashboardPage(name) });

  /** A footer page: its text starts loading with the navigation, and the server's render waits for it. */
  const shopPageRoute = (entry: ShopPageEntry): RouteObject => ({
    path: entry.slug,
    lazy: page(async () => (await import('./routes/shop-page.tsx')).ShopPageView),
    loader: () => started(queryClient.prefetchQuery(shopPageQueryOptions(entry.slug))),
    handle: {
      head: async ({ queryClient: client }) => {
        const { shopPageHead } = await import('./routes/shop-page-head.ts');
        return shopPageHead(entry, client.getQueryData(shopPageQueryOptions(entry.slug).queryKey));
      },
    } satisfies PageHandle,
  });

  return [
    {
      Component: ShopShell,
      children: [
        {
          path: '/',
          Component: RootLayout,
          children: [
            {
              // A page that fails (its code did not come, it threw) shows a short failure in its place, under the navbar.
              ErrorBoundary: PageError,
              children: [
                { index: true, ...storefront },
                { path: 'home', ...storefront },
                {
                  path: 'tools',
                  lazy: page(async () => (await import('./routes/tools/catalogue.tsx')).CataloguePage),
                  loader: catalogue.loader,
                  handle: catalogue.handle,
                },
                {
                  // A category's page (issue 40): its tools, filtered by what its address keeps.
                  path: 'tools/c/:slug',
                  lazy: page(async () => (await import('./routes/tools/category.tsx')).CategoryPage),
                  loader: category.loader,
                  handle: category.handle,
                },
                {
                  path: 'tools/:toolId',
                  lazy: page(async () => (await import('./routes/tools/tool.tsx')).ToolPage),
                  loader: loadTool,
                  handle: {
                    head: async ({ params, queryClient: client }) => {
                      const { missingToolHead, toolPageHead } = await import('./routes/tools/tool-head.ts');
                      const tool = client.getQueryData(toolQueryOptions(params.toolId ?? '').queryKey);
                      return tool ? toolPageHead(tool) : missingToolHead;
                    },
                  } satisfies PageHandle,
                },
                {
                  path: 'blogs',
                  lazy: page(async () => (await import('./routes/blogs.tsx')).BlogsPage),
                  handle: headOf(async () => (await import('./routes/blogs-head.ts')).blogsPageHead),
                },
                {
                  path: 'myportfolio',
                  lazy: page(async () => (await import('./routes/portfolio.tsx')).PortfolioPage),
                  handle: headOf(async () => (await import('./routes/portfolio-head.ts')).portfolioPageHead),
                },
                // The footer's pages: About us, Contact, Jobs and the legal ones.
                ...SHOP_PAGES.map(shopPageRoute),
                {
                  // Sign-in shows nothing of an account: rendered on the server, the form shows before the code comes.
                  path: 'login',
                  lazy: page(async () => (await import('./routes/auth/login.tsx')).LoginPage),
                  handle: headOf(async () => (await import('./routes/auth/login-head.ts')).loginPageHead),
                },
                { path: 'register', lazy: page(async () => (await import('./routes/auth/register.tsx')).RegisterPage) },
                // A visitor's cart is in their browser, so the browser renders it; a customer's follows the account.
                { path: 'cart', lazy: page(async () => (await import('./routes/cart.tsx')).CartPage) },
                { path: 'reset-password', lazy: page(async () => (await import('./routes/auth/reset-password.tsx')).ResetPasswordPage) },
                {
                  // product.md, "Who may do what": login-only pages, guarded by the server on a request.
                  loader: onServer ? requireSession : undefined,
                  children: [
                    {
                      // The server renders its public part (the tool) and holds the form's place; the form
                      // and everything about the caller come in the browser (issue 30).
                      path: 'purchase/:toolId',
                      lazy: page(async () => (await import('./routes/purchase.tsx')).PurchasePage),
                      loader: loadTool,
                      handle: { rendered: true } satisfies PageHandle,
                    },
                    {
                      lazy: page(async () => (await import('./route-guards/require-auth.tsx')).RequireAuth),
                      children: [
                        { path: 'checkout', lazy: page(async () => (await import('./routes/checkout.tsx')).CheckoutPage) },
                        { path: 'payment/:productId', lazy: page(async () => (await import('./routes/payment.tsx')).PaymentPage) },
                        {
                          path: 'dashboard',
                          lazy: page(async () => (await import('./routes/dashboard/layout.tsx')).DashboardLayout),
                          children: [
                            // An admin's overview or a customer's profile; the profile also has a place of its own.
                            { index: true, ...dashboardPage('home', async () => (await import('./routes/dashboard/dashboard-home.tsx')).DashboardHomePage) },
                            { path: 'profile', ...dashboardPage('profile', async () => (await import('./routes/dashboard/my-profile.tsx')).MyProfilePage) },
                            { path: 'myorders', ...dashboardPage('myOrders', async () => (await import('./routes/dashboard/my-orders.tsx')).MyOrdersPage) },
                            { path: 'addareview', ...dashboardPage('addReview', async () => (await import('./routes/dashboard/add-review.tsx')).AddReviewPage) },
                            {
                              // product.md, "Who may do what": back-office pages, each for the staff whose roles open it (decision 063).
                              lazy: page(async () => (await import('./route-guards/require-staff.tsx')).RequireStaff),
                              children: [
                                { path: 'manageorders', ...dashboardPage('manageOrders', async () => (await import('./routes/dashboard/manage-orders.tsx')).ManageOrdersPage) },
                                { path: 'managetools', ...dashboardPage('manageTools', async () => (await import('./routes/dashboard/manage-tools.tsx')).ManageToolsPage) },
                                { path: 'categories', ...dashboardPage('categories', async () => (await import('./routes/dashboard/categories.tsx')).CategoriesPage) },
                                { path: 'families', ...dashboardPage('families', async () => (await import('./routes/dashboard/families.tsx')).FamiliesPage) },
                                { path: 'catalogue-import', ...dashboardPage('catalogueImport', async () => (await import('./routes/dashboard/catalogue-import.tsx')).CatalogueImportPage) },
                                { path: 'addtool', ...dashboardPage('addTool', async () => (await import('./routes/dashboard/add-tool.tsx')).AddToolPage) },
                                { path: 'makeadmin', ...dashboardPage('makeAdmin', async () => (await import('./routes/dashboard/make-admin.tsx')).MakeAdminPage) },
                                { path: 'webhooks', ...dashboardPage('webhooks', async () => (await import('./routes/dashboard/webhooks.tsx')).WebhooksPage) },
                                { path: 'api-keys', ...dashboardPage('apiKeys', async () => (await import('./routes/dashboard/api-keys.tsx')).ApiKeysPage) },
                                { path: 'queries', ...dashboardPage('queries', async () => (await import('./routes/dashboard/queries.tsx')).QueriesPage) },
                                { path: 'delivery', ...dashboardPage('delivery', async () => (await import('./routes/dashboard/delivery.tsx')).DeliveryPage) },
                                { path: 'coupons', ...dashboardPage('coupons', async () => (await import('./routes/dashboard/coupons.tsx')).CouponsPage) },
                                { path: 'trade', ...dashboardPage('tradeAccounts', async () => (await import('./routes/dashboard/trade-accounts.tsx')).TradeAccountsPage) },
                                { path: 'on-account', ...dashboardPage('ordersOnAccount', async () => (await import('./routes/dashboard/orders-on-account.tsx')).OrdersOnAccountPage) },

                                { path: 'customer-groups', ...dashboardPage('customerGroups', async () => (await import('./routes/dashboard/customer-groups.tsx')).CustomerGroupsPage) },
                                { path: 'returns', ...dashboardPage('returns', async () => (await import('./routes/dashboard/returns.tsx')).ReturnsPage) },
                                { path: 'carriers', ...dashboardPage('carriers', async () => (await import('./routes/dashboard/carriers.tsx')).CarriersPage) },
                                { path: 'tax', ...dashboardPage('taxSettings', async () => (await import('./routes/dashboard/tax-settings.tsx')).TaxSettingsPage) },
                                { path: 'audit', ...dashboardPage('audit', async () => (await import('./routes/dashboard/audit-log.tsx')).AuditLogPage) },
                              ],
                            },
                          ],
                        },
                      ],
                    },
                  ],
                },
                // The server answers unknown paths with this page and HTTP 404.
                {
                  path: '*',
                  lazy: page(async () => (await import('./routes/not-found.tsx')).NotFoundPage),
                  loader: notFound,
                  handle: headOf(async () => notFoundHead),
                },
              ],
            },
          ],
        },
        // The social sign-in popup: tiny pages without the shop's navigation around them.
        { path: '/auth/popup/:provider', lazy: page(async () => (await import('./routes/auth/social-popup-start.tsx')).SocialPopupStartPage) },
        { path: '/auth/popup-done', lazy: page(async () => (await import('./routes/auth/social-popup-done.tsx')).SocialPopupDonePage) },
      ],
    },
  ];
}
