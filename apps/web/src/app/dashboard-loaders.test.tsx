import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@voltline/shared/account';
import { removeAccessToken } from '../lib/session/access-token.ts';
import { answerApiWith, renderWithShop, type ApiAnswer, type SentRequest } from '../testing/render-with-shop.tsx';
import { paidOrder } from '../testing/sample-orders.ts';
import { createShopQueryClient } from './query-client.ts';
import type { DashboardPage } from './dashboard-data.ts';
import { createLoaders } from './route-loaders.ts';
import { ManageOrdersPage } from './routes/dashboard/manage-orders.tsx';

const ADA = { id: 'u-ada', name: 'Ada Volt', email: 'ada@example.com', image: null };

/** The stand-in server: who is signed in, whether they are an admin, and an answer for every page's data. */
function shop({ signedIn = true, admin = false } = {}) {
  return (request: SentRequest): ApiAnswer => {
    if (request.path === '/api/session') return { status: 200, body: (signedIn ? { user: ADA, token: 'shop-token' } : { user: null, token: null }) satisfies SessionResponse };
    if (request.path === `/api/admin/${encodeURIComponent(ADA.email)}`) return { status: 200, body: { admin } };
    if (request.path.startsWith('/api/adminPurchased')) return { status: 200, body: [paidOrder] };
    if (request.path.startsWith('/api/adminOverview')) return { status: 200, body: { days: [], lowStockTools: [], lowStockCount: 0 } };
    if (request.path.startsWith('/api/user?')) return { status: 200, body: { _id: 'p-ada', name: ADA.name, email: ADA.email } };
    return { status: 200, body: [] };
  };
}

/** Runs a dashboard route's loader as the router does on a navigation to `address`. */
function navigate(page: DashboardPage, address: string, { queryClient = createShopQueryClient(), onServer = false }: { queryClient?: QueryClient; onServer?: boolean } = {}) {
  const url = new URL(address, 'http://shop.test');
  return createLoaders({ queryClient, onServer }).loadDashboardPage(page)({ request: new Request(url), url, pattern: url.pathname, params: {}, context: {} });
}

/**
 * What the loader asked, once done: `last` answered and nothing else on its way. The shop's set-up,
 * which the token sync reads after a session comes, is no page's data.
 */
async function settled(sent: SentRequest[], queryClient: QueryClient, last: string) {
  const asked = () => sent.map((request) => request.path).filter((path) => path !== '/api/client-config');
  await vi.waitFor(() => expect(asked()).toContain(last));
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return asked();
}

afterEach(() => removeAccessToken());

describe("dashboard pages' loaders (issue 44, item 5)", () => {
  it("start an admin's Manage All Orders as its address shows it, and the page finds those orders without asking again", async () => {
    const queryClient = createShopQueryClient();
    const sent = answerApiWith(shop({ admin: true }));
    const address = '/dashboard/manageorders?status=unpaid&q=drill';
    // In the browser a loader only starts the data: the navigation does not wait for it.
    expect(await navigate('manageOrders', address, { queryClient })).toBeNull();
    const asked = await settled(sent, queryClient, '/api/adminPurchased?status=unpaid&q=drill&limit=20');
    expect(asked).toEqual(['/api/session', `/api/admin/${encodeURIComponent(ADA.email)}`, '/api/adminPurchased?status=unpaid&q=drill&limit=20']);

    const page = renderWithShop(<ManageOrdersPage />, shop({ admin: true }), { queryClient, at: address, signedInAs: ADA.email });
    await screen.findByText(paidOrder.transactionId!);
    expect(page.sent.filter((request) => request.path.startsWith('/api/adminPurchased'))).toEqual([]);
  });

  it('do not ask again for a page link the server refused when the page asked first (its loader waits for the session and the admin check)', async () => {
    const queryClient = createShopQueryClient();
    const address = '/dashboard/manageorders?cursor=changed.by-hand';
    const refusingTheLink = (request: SentRequest): ApiAnswer =>
      request.path.includes('cursor=')
        ? { status: 400, body: { error: 'bad_cursor', message: 'This page link is not valid.' } }
        : shop({ admin: true })(request);
    const page = renderWithShop(<ManageOrdersPage />, refusingTheLink, { queryClient, at: address, signedInAs: ADA.email });
    await screen.findByText(/This page link is not valid/);

    await navigate('manageOrders', address, { queryClient });
    await settled(page.sent, queryClient, `/api/admin/${encodeURIComponent(ADA.email)}`);
    expect(page.sent.filter((request) => request.path.startsWith('/api/adminPurchased'))).toHaveLength(1);
  });

  it("start a customer's dashboard on their profile, and the admin's overview for an admin", async () => {
    const customer = createShopQueryClient();
    const customerSent = answerApiWith(shop());
    await navigate('home', '/dashboard', { queryClient: customer });
    expect(await settled(customerSent, customer, `/api/user?email=${encodeURIComponent(ADA.email)}`)).not.toContain('/api/adminOverview');

    const admin = createShopQueryClient();
    const adminSent = answerApiWith(shop({ admin: true }));
    await navigate('home', '/dashboard', { queryClient: admin });
    expect(await settled(adminSent, admin, '/api/adminOverview')).not.toContain(`/api/user?email=${encodeURIComponent(ADA.email)}`);
  });

  it('ask nothing of an admin page for a customer, nor anything but the session for a signed-out visitor', async () => {
    const customer = createShopQueryClient();
    const customerSent = answerApiWith(shop());
    await navigate('coupons', '/dashboard/coupons', { queryClient: customer });
    expect(await settled(customerSent, customer, `/api/admin/${encodeURIComponent(ADA.email)}`)).toEqual(['/api/session', `/api/admin/${encodeURIComponent(ADA.email)}`]);

    const visitor = createShopQueryClient();
    const visitorSent = answerApiWith(shop({ signedIn: false }));
    await navigate('myOrders', '/dashboard/myorders', { queryClient: visitor });
    expect(await settled(visitorSent, visitor, '/api/session')).toEqual(['/api/session']);
  });

  it("ask nothing on the server, which leaves the dashboard to the browser", async () => {
    const sent = answerApiWith(shop({ admin: true }));
    expect(await navigate('manageTools', '/dashboard/managetools', { onServer: true })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
  });
});
