import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RATING_REQUIRED } from '@voltline/shared/review';
import { TEXT_LIMITS, tooLongMessage } from '@voltline/shared/text-limits';
import { SessionContext, type Session } from '../../../lib/session/session-context.ts';
import { renderWithShop, type ApiAnswer } from '../../../testing/render-with-shop.tsx';
import { AddReviewForm } from './add-review-form.tsx';

const signedIn: Session = {
  status: 'signed-in',
  user: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', image: null },
  signOut: async () => {},
};

function renderPage(answer?: () => ApiAnswer) {
  return renderWithShop(
    <SessionContext.Provider value={signedIn}>
      <AddReviewForm />
    </SessionContext.Provider>,
    answer,
  );
}

describe('the Add A Review form', () => {
  it("shows who writes it, without letting it be changed (the server takes it from the session)", () => {
    renderPage();
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Ada Lovelace');
    expect(name.disabled).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
  });

  it('starts with no star chosen and will not send a review without one, saying so', async () => {
    const { user, sent } = renderPage(() => ({ status: 201, body: { acknowledged: true } }));
    for (const stars of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) {
      expect((screen.getByLabelText(stars) as HTMLInputElement).checked, stars).toBe(false);
    }
    await user.click(screen.getByLabelText('Your review'));
    await user.paste('Glowing words.');
    await user.click(screen.getByRole('button', { name: 'Add review' }));
    await screen.findByText(RATING_REQUIRED);
    expect(sent).toEqual([]);
  });

  it('sends only the text and the chosen rating', async () => {
    const { user, sent } = renderPage(() => ({ status: 201, body: { acknowledged: true } }));
    await user.click(screen.getByLabelText('Your review'));
    await user.paste('Sturdy drills, fast delivery.');
    await user.click(screen.getByLabelText('4 stars'));
    await user.click(screen.getByRole('button', { name: 'Add review' }));
    await screen.findByText('Review added successfully');
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/review', body: { review: 'Sturdy drills, fast delivery.', rating: 4 } });
    expect((screen.getByLabelText('Your review') as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps a pasted text past the limit whole and says what is too long, instead of cutting it', async () => {
    const { user, sent } = renderPage();
    const pasted = 'a'.repeat(TEXT_LIMITS.review + 5);
    fireEvent.input(screen.getByLabelText('Your review'), { target: { value: pasted } });
    screen.getByText(`${pasted.length} of ${TEXT_LIMITS.review} characters`);
    await user.click(screen.getByRole('button', { name: 'Add review' }));
    await screen.findByText(tooLongMessage('Review', TEXT_LIMITS.review));
    expect((screen.getByLabelText('Your review') as HTMLTextAreaElement).value).toHaveLength(pasted.length);
    expect(sent).toEqual([]);
  });

  it('asks for the text', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Add review' }));
    await screen.findByText('Review is required');
  });
});
