import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Review } from '@voltline/shared/review';
import { renderWithShop, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { OwnReviews } from './own-reviews.tsx';

const written: Review = {
  _id: '0b7c1c9e-3f57-4d57-9a4c-2f1f1f6a0001',
  userName: 'Ada Lovelace',
  review: 'Glowing words, sent at one star.',
  reviewDate: 'Mar 4, 2026',
  reviewTime: '9:14 AM',
  rating: 1,
  photo: null,
};

/** The stand-in API: the customer's one review, and a yes to every change. */
const answer = (request: SentRequest) =>
  request.method === 'GET' ? { status: 200, body: [written] } : { status: 200, body: { acknowledged: true, modifiedCount: 1, deletedCount: 1 } };

// jsdom is slow on a shared machine: room beyond the default 5 s, whatever else runs beside it.
describe("the customer's own reviews", { timeout: 20_000 }, () => {
  it('edits one in place under the same rules as adding: an emptied text is refused', async () => {
    const { user, sent } = renderWithShop(<OwnReviews />, answer);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit your review' });
    expect((within(form).getByLabelText('1 star') as HTMLInputElement).checked).toBe(true);
    await user.clear(within(form).getByLabelText('Your review'));
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    await within(form).findByText('Review is required');
    expect(sent.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('edits one in place: its new text and stars are sent for it', async () => {
    const { user, sent } = renderWithShop(<OwnReviews />, answer);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit your review' });
    await user.clear(within(form).getByLabelText('Your review'));
    await user.paste('Glowing words, at five stars.');
    await user.click(within(form).getByLabelText('5 stars'));
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    await screen.findByText('Review updated');
    expect(sent.find((request) => request.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `/api/review/${written._id}`,
      body: { review: 'Glowing words, at five stars.', rating: 5 },
    });
  });

  it('deletes one only after asking once more', async () => {
    const { user, sent } = renderWithShop(<OwnReviews />, answer);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this review?' });
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('Review deleted');
    expect(sent.find((request) => request.method === 'DELETE')).toMatchObject({ path: `/api/review/${written._id}` });
  });
});
