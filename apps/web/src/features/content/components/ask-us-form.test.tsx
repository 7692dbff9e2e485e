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
      expect(await screen.findByText(message)).toBeTruthy();
    }
  });

  it('acknowledges a complete query, clears the form and sends nothing', async () => {
    const { user, sent } = renderWithShop(<AskUsForm labelledBy="ask-us" />);
    await user.type(screen.getByLabelText('Name'), 'Grace');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Phone number'), '4420794609');
    await user.selectOptions(screen.getByLabelText('Role'), 'Product Manager');
    await user.type(screen.getByLabelText('Your query (optional)'), 'Do you ship to Norway?');
    await user.click(screen.getByRole('button', { name: 'Submit query' }));

    expect(await screen.findByText(MESSAGES.querySubmitted)).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(sent).toEqual([]);
  });
});
