import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@voltline/shared/messages';
import { PASSWORD_MISMATCH, PASSWORD_NOT_VALID } from '@voltline/shared/password';
import { renderWithShop, type ApiAnswer, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

const CHANGE = '/api/auth/change-password';

function renderDialog(answerChange: () => ApiAnswer = () => ({ status: 200, body: { token: 'renewed', user: {} } })) {
  const onClose = vi.fn();
  // After a change the session is loaded again (signed out here: this test is about the dialog).
  const answer = (request: SentRequest): ApiAnswer => (request.path === CHANGE ? answerChange() : { status: 200, body: null });
  return { ...renderWithShop(<ChangePasswordDialog onClose={onClose} />, answer), onClose };
}

async function fill(user: ReturnType<typeof renderDialog>['user'], current: string, next: string, confirm = next) {
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

/** Issue 16: My Profile changes the password with the current one and the spec's rules. */
describe('change password dialog', () => {
  it.each([
    ['a new password that breaks the rules', ['Volt#2026', 'fresh123'], PASSWORD_NOT_VALID],
    ['a confirmation that differs', ['Volt#2026', 'Fresh#2026', 'Fresh#2027'], PASSWORD_MISMATCH],
    ['the current password again', ['Volt#2026', 'Volt#2026'], 'The new password must differ from the current one'],
  ] as const)('refuses %s before asking the server', async (_label, [current, next, confirm], message) => {
    const { user, sent } = renderDialog();
    await fill(user, current, next, confirm);
    await screen.findByText(message);
    expect(sent).toEqual([]);
  });

  it('says in the shop words that the current password is not right, and stays open', async () => {
    const { user, onClose } = renderDialog(() => ({ status: 400, body: { error: 'invalid_password', message: 'Invalid password' } }));
    await fill(user, 'Wrong#2026', 'Fresh#2026');
    await screen.findByText('Your current password is not right.');
    expect(screen.queryByText('Invalid password')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('changes it, ending the other sessions, and says so', async () => {
    const { user, sent, onClose } = renderDialog();
    await fill(user, 'Volt#2026', 'Fresh#2026');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toEqual({ method: 'POST', path: CHANGE, body: { currentPassword: 'Volt#2026', newPassword: 'Fresh#2026', revokeOtherSessions: true } });
    await screen.findByText(MESSAGES.passwordUpdated);
  });
});
