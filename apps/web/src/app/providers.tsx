import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { ToastHost } from '../lib/toast/toast-host.tsx';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** product.md, "What the shop says": a token the server refuses signs the user out and goes to /home (the router's job). */
  onSignedOutByServer: () => void;
  children: ReactNode;
}

export function AppProviders({ queryClient, onSignedOutByServer, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider onSignedOutByServer={onSignedOutByServer}>{children}</SessionProvider>
      {/* Toasts appear top-right and close after 5 s; react-toastify loads with the first one. */}
      <ToastHost />
    </QueryClientProvider>
  );
}
