import { createBrowserRouter } from 'react-router';
import { RootLayout } from './layout/root-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';

/**
 * The routes of spec section 2. Pages other than home load on demand, so the home bundle
 * carries only what the storefront shows.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
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
        path: 'purchase/:toolId',
        lazy: async () => ({ Component: (await import('../features/purchase/purchase-page.tsx')).PurchasePage }),
      },
      {
        path: 'payment/:productId',
        lazy: async () => ({ Component: (await import('../features/payment/payment-page.tsx')).PaymentPage }),
      },
      {
        path: 'dashboard/*',
        lazy: async () => ({ Component: (await import('../features/dashboard/dashboard-page.tsx')).DashboardPage }),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
