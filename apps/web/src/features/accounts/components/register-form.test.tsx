import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { RegisterForm } from './register-form.tsx';

const metRules = () =>
  within(screen.getByRole('list', { name: 'Password requirements' }))
    .getAllByRole('listitem')
    .filter((rule) => rule.dataset.met === 'true')
    .map((rule) => rule.dataset.rule);

async function fillIn(user: ReturnType<typeof renderWithShop>['user'], fields: { name?: string; email?: string; password?: string; confirm?: string }) {
  if (fields.name) await user.type(screen.getByLabelText('Name'), fields.name);
  if (fields.email) await user.type(screen.getByLabelText('Email'), fields.email);
  if (fields.password) await user.type(screen.getByLabelText('Password'), fields.password);
  if (fields.confirm) await user.type(screen.getByLabelText('Confirm password'), fields.confirm);
}

describe('register form', () => {
  it('ticks each password rule off as it is met', async () => {
    const { user } = renderWithShop(<RegisterForm onRegistered={() => {}} />);
    expect(metRules()).toEqual(['max']);
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(metRules()).toEqual(['max', 'lower']);
    await user.type(screen.getByLabelText('Password'), 'D1!');
    expect(metRules()).toEqual(['min', 'max', 'digit', 'special', 'upper', 'lower']);
    await user.type(screen.getByLabelText('Password'), 'toolong');
    expect(metRules()).not.toContain('max');
  });

  it('refuses a weak or unconfirmed password and sends nothing', async () => {
    const { user, sent } = renderWithShop(<RegisterForm onRegistered={() => {}} />);
    await fillIn(user, { name: 'Ada', email: 'ada@example.com', password: 'password', confirm: 'password' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Password is not valid');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Abc12!x');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText("Password didn't match");
    expect(screen.queryByText('Password is not valid')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('asks for the name and a real email address', async () => {
    const { user, sent } = renderWithShop(<RegisterForm onRegistered={() => {}} />);
    await fillIn(user, { email: 'not-an-address', password: 'Abc12!x', confirm: 'Abc12!x' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Name is required');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('refuses a control character pasted into the name in words and sends nothing', async () => {
    const { user, sent } = renderWithShop(<RegisterForm onRegistered={() => {}} />);
    await user.click(screen.getByLabelText('Name'));
    await user.paste('Ada\u0000Lovelace');
    await fillIn(user, { email: 'ada@example.com', password: 'Abc12!x', confirm: 'Abc12!x' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Name contains an invisible control character: remove it');
    expect(sent).toEqual([]);
  });

  it('sends the name, email and password (not the confirmation) and reports the account made', async () => {
    const onRegistered = vi.fn();
    const { user, sent } = renderWithShop(<RegisterForm onRegistered={onRegistered} />, () => ({ status: 200, body: { user: {} } }));
    await fillIn(user, { name: 'Ada', email: 'ada@example.com', password: 'Abc12!x', confirm: 'Abc12!x' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/auth/sign-up/email',
      body: { name: 'Ada', email: 'ada@example.com', password: 'Abc12!x' },
    });
  });

  it("shows the server's refusal in its words and keeps the form", async () => {
    const { user } = renderWithShop(<RegisterForm onRegistered={() => {}} />, () => ({
      status: 422,
      body: { error: 'user_exists', message: 'An account with this email already exists.' },
    }));
    await fillIn(user, { name: 'Ada', email: 'ada@example.com', password: 'Abc12!x', confirm: 'Abc12!x' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('An account with this email already exists.');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada');
  });
});
