import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@voltline/shared/messages';
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
});
