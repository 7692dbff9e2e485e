import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SocialProvidersResponse } from '@voltline/shared/account';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { SocialSignInButtons } from './social-sign-in-buttons.tsx';

const providers = (enabled: string[]): SocialProvidersResponse => ({
  providers: (['google', 'github', 'facebook'] as const).map((id) => ({ id, name: id, enabled: enabled.includes(id) })),
});

describe('social sign-in buttons', () => {
  it('shows only the providers the shop has set up', async () => {
    renderWithShop(<SocialSignInButtons onSignedIn={() => {}} />, () => ({ status: 200, body: providers(['google']) }));
    await screen.findByRole('button', { name: 'Google SIGN UP' });
    screen.getByText('OR');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Google SIGN UP']);
  });

  it('shows nothing, not even the "OR", when none is set up', async () => {
    const { sent } = renderWithShop(<SocialSignInButtons onSignedIn={() => {}} />, () => ({ status: 200, body: providers([]) }));
    await expect.poll(() => sent.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('OR')).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
