import { Outlet, useLocation } from 'react-router';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { PageErrorBoundary } from './page-error-boundary.tsx';

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar />
      {/*
        At least a screen tall (less the 4rem navbar): while a page's code or data is loading, the
        tall footer would otherwise sit in view and be pushed down when the page arrives (layout shift).
      */}
      <main className="min-h-[calc(100vh-4rem)] flex-1">
        <PageErrorBoundary pathname={pathname}>
          <Outlet />
        </PageErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
