import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { ToastHost } from '../lib/toast/toast-host.tsx';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

// Spec 8: a token the server refuses signs the user out and goes to /home.
const goHome = () => void router.navigate('/home');

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider onSignedOutByServer={goHome}>{children}</SessionProvider>
      {/* Toasts appear top-right and close after 5 s; react-toastify loads with the first one. */}
      <ToastHost />
    </QueryClientProvider>
  );
}
