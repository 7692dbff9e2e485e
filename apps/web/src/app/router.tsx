import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
import { RootLayout } from './layout/root-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { queryClient } from './query-client.ts';
import { RequireAdmin } from './route-guards/require-admin.tsx';
import { RequireAuth } from './route-guards/require-auth.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { toolQueryOptions } from '../features/purchase/api/get-tool.ts';
import { LoadingSpinner } from '../components/loading-spinner.tsx';

// Shown while the first page's code loads, when the app opens directly on a lazy page.
const pageLoading = <LoadingSpinner label="Loading the page" className="py-24" />;

/**
 * The tool is public: its request starts with the navigation, alongside the page's code and the
 * session check, instead of after them, and its picture (the page's largest element) is fetched as
 * soon as its address is known. Returns at once, so nothing waits for it here.
 */
function prefetchTool({ params }: LoaderFunctionArgs): null {
  queryClient.ensureQueryData(toolQueryOptions(params.toolId ?? '')).then(
    (tool) => {
      new Image().src = tool.img;
    },
    // The page asks again and shows the failure itself.
    () => undefined,
  );
  return null;
}

/**
 * The routes of spec section 2. Pages other than home load on demand, so the home bundle
 * carries only what the storefront shows (and no form validation code).
 */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    children: [
      {
        // When the app opens directly on a lazy page, the navbar and footer show at once and only
        // the page's own place waits for its code (the fallback of the deepest route that has one).
        hydrateFallbackElement: pageLoading,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'home', element: <HomePage /> },
          { path: 'blogs', lazy: async () => ({ Component: (await import('../features/blogs/blogs-page.tsx')).BlogsPage }) },
          {
            path: 'myportfolio',
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
                loader: prefetchTool,
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
                        lazy: async () => ({ Component: (await import('../features/manage-orders/manage-orders-page.tsx')).ManageOrdersPage }),
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
          { path: '*', element: <NotFoundPage /> },
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
]);
