import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@voltline/shared/messages';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { AskUsForm } from './ask-us-form.tsx';

describe('"Ask us anything" form', () => {
  it('names every required field it misses', async () => {
    const { user } = renderWithShop(<AskUsForm labelledBy="ask-us" />);
    await user.click(screen.getByRole('button', { name: 'Submit query' }));
    for (const message of ['Name is required', 'Email is required', 'Phone number is required', 'Role is required']) {
      await screen.findByText(message);
    }
  });

  /** Pasted rather than typed key by key: the test is about what is sent, and typing is slow on a busy machine. */
  const fillIn = async (user: ReturnType<typeof renderWithShop>['user']) => {
    const enter = async (label: string, text: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    await enter('Name', 'Grace');
    await enter('Email', 'grace@example.com');
    await enter('Phone number', '4420794609');
    await user.selectOptions(screen.getByLabelText('Role'), 'Product Manager');
    await enter('Your query (optional)', 'Do you ship to Norway?');
    await user.click(screen.getByRole('button', { name: 'Submit query' }));
  };

  it('sends a complete query to the shop and says so once it is stored, clearing the form', async () => {
    const { user, sent } = renderWithShop(<AskUsForm labelledBy="ask-us" />, () => ({ status: 200, body: { acknowledged: true, insertedId: 'q1' } }));
    await fillIn(user);

    await screen.findByText(MESSAGES.querySubmitted);
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/queries',
        body: { name: 'Grace', email: 'grace@example.com', phone: '4420794609', role: 'Product Manager', query: 'Do you ship to Norway?' },
      },
    ]);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it("shows the shop's refusal in words, keeps what was typed and never claims success", async () => {
    const refusal = 'You are sending queries too quickly. Try again in 42 minutes.';
    const { user } = renderWithShop(<AskUsForm labelledBy="ask-us" />, () => ({ status: 429, body: { error: 'too_many_requests', message: refusal } }));
    await fillIn(user);

    await screen.findByText(refusal);
    expect(screen.queryByText(MESSAGES.querySubmitted)).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Grace');
  });
});
