import { Outlet, useNavigation } from 'react-router';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

export function RootLayout() {
  // React Router keeps the page on screen until the next one's code is here: a bar says it is coming.
  const navigating = useNavigation().state !== 'idle';
  return (
    <div className="flex min-h-screen flex-col">
      {navigating && <progress className="progress progress-primary fixed top-0 left-0 z-50 h-1 w-full" aria-label="Loading the page" />}
      <Navbar />
      {/*
        At least a screen tall (less the 4rem navbar): while a page's code or data is loading, the
        tall footer would otherwise sit in view and be pushed down when the page arrives (layout shift).
      */}
      <main className="min-h-[calc(100vh-4rem)] flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
