import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RequireAdmin } from './route-guards/require-admin.tsx';
import { RequireAuth } from './route-guards/require-auth.tsx';
import { blogsPageHead } from '../features/blogs/blogs-page-head.ts';
import { reviewSummaryQueryOptions } from '../features/home/api/get-review-summary.ts';
import { newestReviewsQueryOptions } from '../features/home/api/get-reviews.ts';
import { storefrontToolsQueryOptions } from '../features/home/api/get-tools.ts';
import { HomePage } from '../features/home/home-page.tsx';
import { homePageHead } from '../features/home/home-page-head.ts';
import { portfolioPageHead } from '../features/portfolio/portfolio-page-head.ts';
import type { ToolPageData } from '../features/tool-page/tool-page.tsx';
import { missingToolHead, toolPageHead } from '../features/tool-page/tool-page-head.ts';
import { ApiRequestError } from '../lib/api-client.ts';
import { toolQueryOptions } from '../lib/catalogue/get-tool.ts';
import { notFoundHead, type PageHead } from '../lib/page-head/page-head.ts';
import type { PublicPageHandle } from './public-page.ts';
import { LoadingSpinner } from '../components/loading-spinner.tsx';

// Shown while the first page's code loads, when the app opens directly on a lazy page.
const pageLoading = <LoadingSpinner label="Loading the page" className="py-24" />;

const staticHead = (head: PageHead): PublicPageHandle => ({ head: () => head });

interface RouteOptions {
  queryClient: QueryClient;
  /**
   * On the server the page is rendered with its data, so loaders wait for it. In the browser they
   * only start it, alongside the page's code, and the page shows its own loading state.
   */
  waitForData: boolean;
}

/** The routes of spec section 2, for the browser's router and for the server's renderer alike. */
export function createRoutes({ queryClient, waitForData }: RouteOptions): RouteObject[] {
  /** The home page's first screenful: the first 6 tools, the newest reviews and their average. */
  async function loadStorefront(): Promise<null> {
    const loading = Promise.all([
      queryClient.prefetchInfiniteQuery(storefrontToolsQueryOptions),
      queryClient.prefetchInfiniteQuery(newestReviewsQueryOptions),
      queryClient.prefetchQuery(reviewSummaryQueryOptions),
    ]);
    if (waitForData) await loading;
    return null;
  }

  /**
   * A tool is public: its request starts with the navigation, alongside the page's code and the
   * session check, and its picture (the page's largest element) is fetched as soon as its address is
   * known. On the server, a tool that does not exist makes the page a 404.
   */
  async function loadTool({ params }: LoaderFunctionArgs) {
    const loading = queryClient.ensureQueryData(toolQueryOptions(params.toolId ?? ''));
    const found: ToolPageData = { toolMissing: false };
    if (!waitForData) {
      // The page asks again and shows a failure itself.
      loading.then((tool) => void (new Image().src = tool.img), () => undefined);
      return found;
    }
    try {
      await loading;
      return found;
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
      // The page says so from the loader's answer; the failed query is not handed to the browser.
      queryClient.removeQueries({ queryKey: toolQueryOptions(params.toolId ?? '').queryKey });
      return data<ToolPageData>({ toolMissing: true }, { status: 404 });
    }
  }

  const toolHandle: PublicPageHandle = {
    head: ({ params, queryClient: client }) => {
      const tool = client.getQueryData(toolQueryOptions(params.toolId ?? '').queryKey);
      return tool ? toolPageHead(tool) : missingToolHead;
    },
  };

  return [
    {
      path: '/',
      element: <RootLayout />,
      children: [
        {
          // When the app opens directly on a lazy page, the navbar and footer show at once and only
          // the page's own place waits for its code (the fallback of the deepest route that has one).
          hydrateFallbackElement: pageLoading,
          children: [
            { index: true, element: <HomePage />, loader: loadStorefront, handle: staticHead(homePageHead) },
            { path: 'home', element: <HomePage />, loader: loadStorefront, handle: staticHead(homePageHead) },
            {
              path: 'tools/:toolId',
              loader: loadTool,
              handle: toolHandle,
              lazy: async () => ({ Component: (await import('../features/tool-page/tool-page.tsx')).ToolPage }),
            },
            {
              path: 'blogs',
              handle: staticHead(blogsPageHead),
              lazy: async () => ({ Component: (await import('../features/blogs/blogs-page.tsx')).BlogsPage }),
            },
            {
              path: 'myportfolio',
              handle: staticHead(portfolioPageHead),
              lazy: async () => ({ Component: (await import('../features/portfolio/portfolio-page.tsx')).PortfolioPage }),
            },
            { path: 'login', lazy: async () => ({ Component: (await import('../features/auth/login-page.tsx')).LoginPage }) },
            {
              path: 'register',
              lazy: async () => ({ Component: (await import('../features/auth/register-page.tsx')).RegisterPage }),
            },
            {
              path: 'reset-password',
              lazy: async () => ({ Component: (await import('../features/auth/reset-password-page.tsx')).ResetPasswordPage }),
            },
            {
              // Spec 6: login-only pages.
              element: <RequireAuth />,
              children: [
                {
                  path: 'purchase/:toolId',
                  loader: loadTool,
                  lazy: async () => ({ Component: (await import('../features/purchase/purchase-page.tsx')).PurchasePage }),
                },
                {
                  path: 'payment/:productId',
                  lazy: async () => ({ Component: (await import('../features/payment/payment-page.tsx')).PaymentPage }),
                },
                {
                  path: 'dashboard',
                  lazy: async () => ({ Component: (await import('../features/dashboard/dashboard-layout.tsx')).DashboardLayout }),
                  children: [
                    {
                      index: true,
                      lazy: async () => ({ Component: (await import('../features/dashboard/my-profile-page.tsx')).MyProfilePage }),
                    },
                    {
                      path: 'myorders',
                      lazy: async () => ({ Component: (await import('../features/my-orders/my-orders-page.tsx')).MyOrdersPage }),
                    },
                    {
                      path: 'addareview',
                      lazy: async () => ({ Component: (await import('../features/add-review/add-review-page.tsx')).AddReviewPage }),
                    },
                    {
                      // Spec 6: admin-only pages.
                      element: <RequireAdmin />,
                      children: [
                        {
                          path: 'manageorders',
                          lazy: async () => ({
                            Component: (await import('../features/manage-orders/manage-orders-page.tsx')).ManageOrdersPage,
                          }),
                        },
                        {
                          path: 'managetools',
                          lazy: async () => ({ Component: (await import('../features/manage-tools/manage-tools-page.tsx')).ManageToolsPage }),
                        },
                        {
                          path: 'addtool',
                          lazy: async () => ({ Component: (await import('../features/add-tool/add-tool-page.tsx')).AddToolPage }),
                        },
                        {
                          path: 'makeadmin',
                          lazy: async () => ({ Component: (await import('../features/dashboard/make-admin-page.tsx')).MakeAdminPage }),
                        },
                        {
                          path: 'webhooks',
                          lazy: async () => ({ Component: (await import('../features/webhooks/webhooks-page.tsx')).WebhooksPage }),
                        },
                      ],
                    },
                  ],
                },
              ],
            },
            {
              path: '*',
              element: <NotFoundPage />,
              // The server answers unknown paths with this page and HTTP 404.
              loader: () => data(null, { status: 404 }),
              handle: staticHead(notFoundHead),
            },
          ],
        },
      ],
    },
    // The social sign-in popup: tiny pages without the shop's navigation around them.
    {
      path: '/auth/popup/:provider',
      hydrateFallbackElement: pageLoading,
      lazy: async () => ({ Component: (await import('../features/auth/social-popup-start-page.tsx')).SocialPopupStartPage }),
    },
    {
      path: '/auth/popup-done',
      hydrateFallbackElement: pageLoading,
      lazy: async () => ({ Component: (await import('../features/auth/social-popup-done-page.tsx')).SocialPopupDonePage }),
    },
  ];
}
