import { screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createShopQueryClient } from '../../query-client.ts';
import { sessionQueryOptions } from '../../../lib/session/session-query.ts';
import { renderWithShop, type ApiAnswer, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { LoginPage } from './login.tsx';

const staff = { id: 'u-staff', name: 'Staff', email: 'staff@example.com', image: null };

/** The login page with a link away from it; the staff answer waits until the test releases it. */
async function renderLoginWithHeldRoles() {
  let release: () => void = () => {};
  const rolesHeld = new Promise<void>((resolve) => (release = resolve));
  let signedIn = false;
  const answer = async ({ path }: SentRequest): Promise<ApiAnswer> => {
    if (path === '/api/auth/sign-in/email') {
      signedIn = true;
      return { status: 200, body: null };
    }
    if (path === '/api/session') return { status: 200, body: signedIn ? { user: staff, token: 'shop-token' } : { user: null, token: null } };
    if (path.startsWith('/api/admin/')) {
      await rolesHeld;
      return { status: 200, body: { admin: true, roles: ['admin'] } };
    }
    if (path === '/api/social-providers') return { status: 200, body: { providers: [] } };
    return { status: 200, body: {} };
  };
  const queryClient = createShopQueryClient();
  const view = renderWithShop(
    <Routes>
      <Route
        path="/login"
        element={
          <>
            <LoginPage />
            <Link to="/cart">Cart</Link>
          </>
        }
      />
      <Route path="/cart" element={<h1>Cart page</h1>} />
      <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
    </Routes>,
    answer,
    { queryClient, at: '/login' },
  );
  // The app's shell loads the session before any page; the login page reloads it after the sign-in.
  await queryClient.prefetchQuery(sessionQueryOptions);
  await view.user.type(screen.getByLabelText('Email'), staff.email);
  await view.user.type(screen.getByLabelText('Password'), 'Abc12!x');
  await view.user.click(screen.getByRole('button', { name: 'Login' }));
  return { ...view, release };
}

describe('login page', () => {
  it('lands staff on the dashboard once the server named their roles', async () => {
    const { release, sent } = await renderLoginWithHeldRoles();
    await expect.poll(() => sent.some(({ path }) => path.startsWith('/api/admin/'))).toBe(true);
    release();
    await screen.findByRole('heading', { name: 'Dashboard page' });
  });

  it('leaves a visitor who followed a link while the landing was asked where they went', async () => {
    const { release, sent, user } = await renderLoginWithHeldRoles();
    await expect.poll(() => sent.some(({ path }) => path.startsWith('/api/admin/'))).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    await screen.findByRole('heading', { name: 'Cart page' });
    release();
    // The roles' answer arrived after the visitor left: the landing it would choose is not taken.
    await expect.poll(() => sent.filter(({ path }) => path.startsWith('/api/admin/')).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { name: 'Cart page' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Dashboard page' })).toBeNull();
  });
});
