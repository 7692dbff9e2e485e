import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { forgetMeMessages } from '@voltline/shared/forget-me';
import { SessionContext, type Session } from '../../../lib/session/session-context.ts';
import { renderWithShop, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { DeleteAccountCard } from './delete-account-card.tsx';

/** The card as a signed-in customer sees it; `signOut` tells whether the page signed out. */
function renderCard(answer: (request: SentRequest) => { status: number; body: unknown }) {
  const signOut = vi.fn(async () => undefined);
  const session = { status: 'signed-in', user: null, signOut } as unknown as Session;
  return { signOut, ...renderWithShop(<SessionContext.Provider value={session}><DeleteAccountCard /></SessionContext.Provider>, answer) };
}

describe('My Profile: delete my account', () => {
  it('asks for DELETE, the password and a choice of reviews, then deletes the account and signs out', async () => {
    const { user, sent, signOut } = renderCard(() => ({ status: 200, body: { erased: true, reviewsKept: 0 } }));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await screen.findByText('Choose what becomes of the reviews');
    expect(sent).toEqual([]);

    await user.click(screen.getByLabelText('Erase my reviews'));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    await user.type(screen.getByLabelText('Your password'), 'Abc#1234');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await screen.findByText('Type DELETE to delete your account');
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Type DELETE to confirm'));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await screen.findByText(forgetMeMessages.accountDeleted);
    expect(sent.map(({ method, path, body }) => [method, path, body])).toEqual([['DELETE', '/api/me', { confirm: 'DELETE', password: 'Abc#1234', keepReviews: false }]]);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it("shows the shop's refusal naming the open order, and stays signed in", async () => {
    const refusal = forgetMeMessages.openOrders([forgetMeMessages.notShipped('VL-10042')]);
    const { user, signOut } = renderCard(() => ({ status: 409, body: { error: 'conflict', message: refusal } }));
    await user.click(screen.getByLabelText('Keep my reviews, signed "a former customer"'));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(screen.getByLabelText('Your password'), 'Abc#1234');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await screen.findByText(refusal);
    expect(signOut).not.toHaveBeenCalled();
  });
});
