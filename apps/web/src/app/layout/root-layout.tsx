import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { SHELL_TITLE } from '../../lib/page-head/page-head.ts';
import { publicPageHandle } from '../public-page.ts';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

export function RootLayout() {
  const matches = useMatches();
  const page = matches.at(-1);
  const hasOwnHead = publicPageHandle(page?.handle) !== undefined;
  // Public pages name themselves; the others (sign-in, dashboard) take the shell's title back.
  useEffect(() => {
    if (!hasOwnHead) document.title = SHELL_TITLE;
  }, [hasOwnHead, page?.pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <Navbar />
      {/*
        At least a screen tall (less the 4rem navbar): while a page's code or data is loading, the
        tall footer would otherwise sit in view and be pushed down when the page arrives (layout shift).
      */}
      <main className="min-h-[calc(100vh-4rem)] flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
