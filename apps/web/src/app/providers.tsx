import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@voltline/shared/shop-constants';
import { ApiRequestError } from '../lib/api-client.ts';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { router } from './router.tsx';

// A refusal (4xx) will not change on a second try; only a failed connection or a 5xx is retried once.
const isWorthRetrying = (failureCount: number, error: Error) =>
  failureCount < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500);

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: isWorthRetrying, refetchOnWindowFocus: false } },
});

// Spec 8: a token the server refuses signs the user out and goes to /home.
const goHome = () => void router.navigate('/home');

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider onSignedOutByServer={goHome}>{children}</SessionProvider>
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
    </QueryClientProvider>
  );
}
