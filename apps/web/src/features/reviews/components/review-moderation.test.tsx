import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Review } from '@voltline/shared/review';
import { SessionContext, type Session } from '../../../lib/session/session-context.ts';
import { renderWithShop, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { ReviewsSection } from './reviews-section.tsx';

const someonesReview: Review = {
  _id: '0b7c1c9e-3f57-4d57-9a4c-2f1f1f6a0002',
  userName: 'Bob Bolt',
  review: 'Rude words.',
  reviewDate: 'Mar 4, 2026',
  reviewTime: '9:14 AM',
  rating: 1,
  photo: null,
};

const signedInAs = (email: string): Session => ({
  status: 'signed-in',
  user: { id: 'u1', name: 'Signed In', email, image: null },
  signOut: async () => {},
});

/** The home page's reviews, seen by `email`, whom the server calls an admin or not. */
function renderHomeReviews(email: string, admin: boolean) {
  const answer = (request: SentRequest) => {
    if (request.path.startsWith('/api/admin/')) return { status: 200, body: { admin } };
    if (request.path.startsWith('/api/review/summary')) return { status: 200, body: { count: 1, averageRating: 1 } };
    if (request.method === 'DELETE') return { status: 200, body: { acknowledged: true, deletedCount: 1 } };
    return { status: 200, body: [someonesReview] };
  };
  return renderWithShop(
    <SessionContext.Provider value={signedInAs(email)}>
      <ReviewsSection />
    </SessionContext.Provider>,
    answer,
  );
}

describe('moderating the home page reviews', () => {
  it("gives an admin Delete on someone else's review, asked once more", async () => {
    const { user, sent } = renderHomeReviews('admin@example.com', true);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    // The dialog comes with its code, loaded at the first Delete.
    const dialog = await screen.findByRole('dialog', { name: 'Delete this review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('Review deleted');
    expect(sent.find((request) => request.method === 'DELETE')).toMatchObject({ path: `/api/review/${someonesReview._id}` });
  });

  it('gives a customer no Delete', async () => {
    const { sent } = renderHomeReviews('customer@example.com', false);
    await screen.findByText('Rude words.');
    await screen.findByText('1.0 out of 5 from 1 review');
    // The server was asked whether this is an admin (it said no) before the buttons are looked for.
    await waitFor(() => expect(sent.some((request) => request.path.startsWith('/api/admin/'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
