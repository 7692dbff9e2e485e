import type { QueryClient } from '@tanstack/react-query';
import type { Params, RouteObject } from 'react-router';
import { lazyPage } from './lazy-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { reviewSummaryQueryOptions } from '../features/reviews/api/get-review-summary.ts';
import { newestReviewsQueryOptions } from '../features/reviews/api/get-reviews.ts';
import { storefrontToolsQueryOptions } from '../features/catalogue/api/get-tools.ts';
import { catalogueHandle } from './routes/tools/catalogue-handle.ts';
import { HomePage } from './routes/home.tsx';
import { shopPageQueryOptions } from '../features/content/api/get-shop-page.ts';
import { currentDeliveryPromotionQueryOptions } from '../features/content/api/get-delivery-promotion.ts';
import { SHOP_PAGES, type ShopPageEntry } from '@voltline/shared/shop-pages';
import { homePageHead } from './routes/home-head.ts';
import { ApiRequestError } from '../lib/api-client.ts';
import { toolQueryOptions } from '../entities/tool/api/get-tool.ts';
import { missingToolKey } from '../lib/query-keys.ts';
import { notFoundHead, type PageHead } from '../lib/page-head/page-head.ts';
import type { PublicPageHandle, ShellDataHandle } from './public-page.ts';

// Made once: the same element on every render keeps React from remounting the page.
const pages = {
  catalogue: lazyPage(async () => (await import('./routes/tools/catalogue.tsx')).CataloguePage),
  tool: lazyPage(async () => (await import('./routes/tools/tool.tsx')).ToolPage),
  cart: lazyPage(async () => (await import('./routes/cart.tsx')).CartPage),
  checkout: lazyPage(async () => (await import('./routes/checkout.tsx')).CheckoutPage),
  blogs: lazyPage(async () => (await import('./routes/blogs.tsx')).BlogsPage),
  portfolio: lazyPage(async () => (await import('./routes/portfolio.tsx')).PortfolioPage),
  login: lazyPage(async () => (await import('./routes/auth/login.tsx')).LoginPage),
  register: lazyPage(async () => (await import('./routes/auth/register.tsx')).RegisterPage),
  resetPassword: lazyPage(async () => (await import('./routes/auth/reset-password.tsx')).ResetPasswordPage),
  purchase: lazyPage(async () => (await import('./routes/purchase.tsx')).PurchasePage),
  payment: lazyPage(async () => (await import('./routes/payment.tsx')).PaymentPage),
  dashboard: lazyPage(async () => (await import('./routes/dashboard/layout.tsx')).DashboardLayout),
  dashboardHome: lazyPage(async () => (await import('./routes/dashboard/dashboard-home.tsx')).DashboardHomePage),
  myProfile: lazyPage(async () => (await import('./routes/dashboard/my-profile.tsx')).MyProfilePage),
  myOrders: lazyPage(async () => (await import('./routes/dashboard/my-orders.tsx')).MyOrdersPage),
  addReview: lazyPage(async () => (await import('./routes/dashboard/add-review.tsx')).AddReviewPage),
  manageOrders: lazyPage(async () => (await import('./routes/dashboard/manage-orders.tsx')).ManageOrdersPage),
  manageTools: lazyPage(async () => (await import('./routes/dashboard/manage-tools.tsx')).ManageToolsPage),
  addTool: lazyPage(async () => (await import('./routes/dashboard/add-tool.tsx')).AddToolPage),
  makeAdmin: lazyPage(async () => (await import('./routes/dashboard/make-admin.tsx')).MakeAdminPage),
  webhooks: lazyPage(async () => (await import('./routes/dashboard/webhooks.tsx')).WebhooksPage),
  queries: lazyPage(async () => (await import('./routes/dashboard/queries.tsx')).QueriesPage),
  delivery: lazyPage(async () => (await import('./routes/dashboard/delivery.tsx')).DeliveryPage),
  coupons: lazyPage(async () => (await import('./routes/dashboard/coupons.tsx')).CouponsPage),
  shopPage: lazyPage(async () => (await import('./routes/shop-page.tsx')).ShopPageView),
  socialPopupStart: lazyPage(async () => (await import('./routes/auth/social-popup-start.tsx')).SocialPopupStartPage),
  socialPopupDone: lazyPage(async () => (await import('./routes/auth/social-popup-done.tsx')).SocialPopupDonePage),
};

// The login-only and admin guards come with the pages they guard, and the not-found page when met.
const guards = {
  signedIn: lazyPage(async () => (await import('./route-guards/require-auth.tsx')).RequireAuth),
  admin: lazyPage(async () => (await import('./route-guards/require-admin.tsx')).RequireAdmin),
};
const notFoundPage = lazyPage(async () => (await import('./routes/not-found.tsx')).NotFoundPage);

/**
 * A page's head is asked for only by the server's render (the page keeps it up to date in the
 * browser), so heads built from a page's own data load with that page's code, not the home page's.
 */
const publicPage = (head: () => Promise<PageHead>, status = 200): PublicPageHandle => ({ head, load: async () => status });

interface RouteOptions {
  queryClient: QueryClient;
  /**
   * On the server the page is rendered with its data, so loading waits for it. In the browser it
   * only starts it, alongside the page's code, and the page shows its own loading state.
   */
  waitForData: boolean;
}

/** The routes of product.md, "Screens", for the browser's router and for the server's renderer alike. */
export function createRoutes({ queryClient, waitForData }: RouteOptions): RouteObject[] {
  /** The home page's first screenful: the banner's delivery promotion, the first 6 tools, the newest reviews and their average. */
  async function loadStorefront(): Promise<number> {
    const loading = Promise.all([
      queryClient.prefetchInfiniteQuery(storefrontToolsQueryOptions),
      queryClient.prefetchInfiniteQuery(newestReviewsQueryOptions),
      queryClient.prefetchQuery(reviewSummaryQueryOptions),
      queryClient.prefetchQuery(currentDeliveryPromotionQueryOptions),
    ]);
    if (waitForData) await loading;
    return 200;
  }

  /**
   * A tool is public: its request starts with the navigation, alongside the page's code and the
   * session check, and its picture (the page's largest element) is fetched as soon as its address is
   * known. On the server, a tool that does not exist makes the page a 404.
   */
  async function loadTool(params: Params): Promise<number> {
    const toolId = params.toolId ?? '';
    // The server already found there is no such tool; the page it rendered says so.
    if (queryClient.getQueryData(missingToolKey(toolId)) === true) return 404;
    const loading = queryClient.ensureQueryData(toolQueryOptions(toolId));
    if (!waitForData) {
      // The page asks again and shows a failure itself.
      loading.then((tool) => void (new Image().src = tool.img), () => undefined);
      return 200;
    }
    try {
      await loading;
      return 200;
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
      // The page says so from this note; the failed query is not handed to the browser.
      queryClient.removeQueries({ queryKey: toolQueryOptions(toolId).queryKey });
      queryClient.setQueryData(missingToolKey(toolId), true);
      return 404;
    }
  }

  const storefrontHandle: PublicPageHandle = { head: async () => homePageHead, load: loadStorefront };
  const toolHandle: PublicPageHandle = {
    head: async ({ params, queryClient: client }) => {
      const { missingToolHead, toolPageHead } = await import('./routes/tools/tool-head.ts');
      const tool = client.getQueryData(toolQueryOptions(params.toolId ?? '').queryKey);
      return tool ? toolPageHead(tool) : missingToolHead;
    },
    load: loadTool,
  };
  // Login-only, so the browser renders it; the tool is public, so the server sends it with the shell.
  const purchaseHandle: ShellDataHandle = {
    load: loadTool,
    picture: ({ params, queryClient: client }) => client.getQueryData(toolQueryOptions(params.toolId ?? '').queryKey)?.img,
  };

  /** A footer page: its text starts loading with the navigation, and the server's render waits for it. */
  const shopPageHandle = (entry: ShopPageEntry): PublicPageHandle => ({
    head: async ({ queryClient: client }) => {
      const { shopPageHead } = await import('./routes/shop-page-head.ts');
      return shopPageHead(entry, client.getQueryData(shopPageQueryOptions(entry.slug).queryKey));
    },
    load: async () => {
      const loading = queryClient.prefetchQuery(shopPageQueryOptions(entry.slug));
      if (waitForData) await loading;
      return 200;
    },
  });

  return [
    {
      path: '/',
      element: <RootLayout />,
      children: [
        { index: true, element: <HomePage />, handle: storefrontHandle },
        { path: 'home', element: <HomePage />, handle: storefrontHandle },
        { path: 'tools', element: pages.catalogue, handle: catalogueHandle(queryClient, waitForData) },
        { path: 'tools/:toolId', element: pages.tool, handle: toolHandle },
        {
          path: 'blogs',
          element: pages.blogs,
          handle: publicPage(async () => (await import('./routes/blogs-head.ts')).blogsPageHead),
        },
        {
          path: 'myportfolio',
          element: pages.portfolio,
          handle: publicPage(async () => (await import('./routes/portfolio-head.ts')).portfolioPageHead),
        },
        // The footer's pages: About us, Contact, Jobs and the legal ones.
        ...SHOP_PAGES.map((entry) => ({ path: entry.slug, element: pages.shopPage, handle: shopPageHandle(entry) })),
        {
          // Sign-in shows nothing of an account: rendered on the server, the form shows before the code comes.
          path: 'login',
          element: pages.login,
          handle: publicPage(async () => (await import('./routes/auth/login-head.ts')).loginPageHead),
        },
        { path: 'register', element: pages.register },
        // A visitor's cart is in their browser, so the browser renders it; a customer's follows the account.
        { path: 'cart', element: pages.cart },
        { path: 'reset-password', element: pages.resetPassword },
        {
          // product.md, "Who may do what": login-only pages.
          element: guards.signedIn,
          children: [
            { path: 'checkout', element: pages.checkout },
            { path: 'purchase/:toolId', element: pages.purchase, handle: purchaseHandle },
            { path: 'payment/:productId', element: pages.payment },
            {
              path: 'dashboard',
              element: pages.dashboard,
              children: [
                // An admin's overview or a customer's profile; the profile also has a place of its own.
                { index: true, element: pages.dashboardHome },
                { path: 'profile', element: pages.myProfile },
                { path: 'myorders', element: pages.myOrders },
                { path: 'addareview', element: pages.addReview },
                {
                  // product.md, "Who may do what": admin-only pages.
                  element: guards.admin,
                  children: [
                    { path: 'manageorders', element: pages.manageOrders },
                    { path: 'managetools', element: pages.manageTools },
                    { path: 'addtool', element: pages.addTool },
                    { path: 'makeadmin', element: pages.makeAdmin },
                    { path: 'webhooks', element: pages.webhooks },
                    { path: 'queries', element: pages.queries },
                    { path: 'delivery', element: pages.delivery },
                    { path: 'coupons', element: pages.coupons },
                  ],
                },
              ],
            },
          ],
        },
        // The server answers unknown paths with this page and HTTP 404.
        { path: '*', element: notFoundPage, handle: publicPage(async () => notFoundHead, 404) },
      ],
    },
    // The social sign-in popup: tiny pages without the shop's navigation around them.
    { path: '/auth/popup/:provider', element: pages.socialPopupStart },
    { path: '/auth/popup-done', element: pages.socialPopupDone },
  ];
}
