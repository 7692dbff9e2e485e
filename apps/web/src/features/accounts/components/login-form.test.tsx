import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@voltline/shared/messages';
import { TWO_FACTOR_REFUSALS } from '@voltline/shared/two-factor';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { LoginForm } from './login-form.tsx';

describe('login form', () => {
  it('says "*wrong password" and "*user not found" for those refusals', async () => {
    let code = 'INVALID_EMAIL_OR_PASSWORD';
    const { user } = renderWithShop(<LoginForm onSignedIn={() => {}} />, () => ({ status: 401, body: { error: code, message: 'Invalid email or password' } }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Abc12!x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText(MESSAGES.wrongPassword);

    code = 'USER_NOT_FOUND';
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText(MESSAGES.userNotFound);
  });

  it('sends the reset link to the typed address only when asked, with one message at a time', async () => {
    const { user, sent } = renderWithShop(<LoginForm onSignedIn={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'forgot password?' }));
    await screen.findByText('Enter your email first');
    // The form's own message region stays in the page, empty, so that a later refusal is announced.
    expect(screen.getAllByRole('alert').filter((alert) => alert.textContent)).toHaveLength(1);
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'forgot password?' }));
    await screen.findByText(MESSAGES.passwordResetSent);
    expect(sent).toEqual([
      { method: 'POST', path: '/api/auth/request-password-reset', body: { email: 'ada@example.com', redirectTo: '/reset-password' } },
    ]);
  });

  it('signs in with the typed credentials', async () => {
    const onSignedIn = vi.fn();
    const { user, sent } = renderWithShop(<LoginForm onSignedIn={onSignedIn} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Abc12!x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/auth/sign-in/email', body: { email: 'ada@example.com', password: 'Abc12!x' } });
  });

  it('asks for the code of an account with two-step sign-in, or a backup code, and signs in only once it is right (decision 062)', async () => {
    const onSignedIn = vi.fn();
    const { user, sent } = renderWithShop(<LoginForm onSignedIn={onSignedIn} />, ({ path, body }) => {
      if (path === '/api/auth/sign-in/email') return { status: 200, body: { twoFactorRedirect: true, twoFactorMethods: ['totp'] } };
      const right = (body as { code: string }).code === '123456' || (body as { code: string }).code === 'abcde-12345';
      if (path.startsWith('/api/auth/two-factor/') && !right) return { status: 401, body: { error: 'invalid_code', message: TWO_FACTOR_REFUSALS.INVALID_CODE } };
      return { status: 200, body: null };
    });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Abc12!x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const code = await screen.findByLabelText('Code from your authenticator app');
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Enter the six digits your authenticator app shows');
    await user.type(code, '7');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText(TWO_FACTOR_REFUSALS.INVALID_CODE);
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    await user.type(screen.getByLabelText('Backup code'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(sent.filter((request) => request.path.startsWith('/api/auth/two-factor/'))).toMatchObject([
      { path: '/api/auth/two-factor/verify-totp', body: { code: '123457' } },
      { path: '/api/auth/two-factor/verify-backup-code', body: { code: 'abcde-12345' } },
    ]);
  });
});
