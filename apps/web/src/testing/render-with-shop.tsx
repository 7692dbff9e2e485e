import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { createShopQueryClient } from '../app/query-client.ts';
import { setApiTransport } from '../lib/api-client.ts';
import { ToastHost } from '../lib/toast/toast-host.tsx';
import { SessionContext, type Session } from '../lib/session/session-context.ts';

/** One request the component sent to the shop's API, as the server would read it. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/** How the stand-in API answers one request: a status and a JSON body. */
export type ApiAnswer = { status: number; body?: unknown };

/**
 * Answers the app's API calls with `answer` from now on: the app's own code, down to api-client.ts,
 * runs unchanged; only the network hop to the server is replaced, through the transport the server
 * renderer also uses. An answer may be a promise, to hold one back while the test acts. Returns the requests sent, in order.
 */
export function answerApiWith(answer: (request: SentRequest) => ApiAnswer | Promise<ApiAnswer>): SentRequest[] {
  const sent: SentRequest[] = [];
  setApiTransport(async (url, init) => {
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    sent.push(request);
    const { status, body } = await answer(request);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return sent;
}

const signedInSession = (email: string): Session => ({ status: 'signed-in', user: { id: 'u-signed-in', name: 'Signed In', email, image: null }, signOut: async () => {} });

interface ShopOptions {
  /** A cache the test filled already (e.g. through a route's loader); a new one by default. */
  queryClient?: QueryClient;
  /** The address the component is shown at (path and query). */
  at?: string;
  /** The email of the signed-in user, for a component that asks what their roles open (decision 063). */
  signedInAs?: string;
}

/**
 * Renders a component inside what the app gives every page (query cache, router, toasts) and answers its
 * API calls with `answer` (answerApiWith).
 */
export function renderWithShop(
  ui: ReactElement,
  answer: (request: SentRequest) => ApiAnswer | Promise<ApiAnswer> = () => ({ status: 200, body: {} }),
  { queryClient = createShopQueryClient(), at = '/', signedInAs }: ShopOptions = {},
) {
  const sent = answerApiWith(answer);
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        {signedInAs === undefined ? ui : <SessionContext.Provider value={signedInSession(signedInAs)}>{ui}</SessionContext.Provider>}
      </MemoryRouter>
      <ToastHost />
    </QueryClientProvider>,
  );
  return { ...view, user, sent };
}
