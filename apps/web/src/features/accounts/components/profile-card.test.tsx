import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@voltline/shared/messages';
import type { Profile } from '@voltline/shared/profile';
import { renderWithShop, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { ProfileCard } from './profile-card.tsx';

const profile: Profile = {
  _id: '6f1c2b3a4d5e6f7a8b9c0d1e',
  name: 'Casey Volt',
  email: 'casey@example.com',
  role: 'user',
  roles: [],
  address: '1 Old Road, Leeds',
  phone: '+44 20 7946 0958',
  linkedIn: null,
  education: null,
  profilePicture: null,
};

const patches = (sent: SentRequest[]) => sent.filter((request) => request.method === 'PATCH');
const answer = (request: SentRequest) =>
  request.method === 'PATCH' ? { status: 200, body: { acknowledged: true, modifiedCount: 1 } } : { status: 200, body: profile };

describe('My Profile: each item changed on its own (issue 26, item 10)', () => {
  it('changes only the address: the PATCH carries the address alone, and nothing asks for LinkedIn, education or a picture', async () => {
    const { user, sent } = renderWithShop(<ProfileCard profile={profile} onEdit={() => undefined} />, answer);
    await user.click(screen.getByRole('button', { name: 'Edit Address' }));
    const form = screen.getByRole('form', { name: 'Edit Address' });
    const address = within(form).getByLabelText('Address');
    expect((address as HTMLInputElement).value).toBe(profile.address);
    await user.clear(address);
    await user.type(address, '2 New Street, York');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await screen.findByText(MESSAGES.profileUpdated);
    expect(patches(sent)).toEqual([{ method: 'PATCH', path: `/api/profile/${profile._id}`, body: { address: '2 New Street, York' } }]);
    for (const refusal of ['LinkedIn is required', 'Education is required', 'Profile picture is required']) expect(screen.queryByText(refusal)).toBeNull();
    // Saved: the form closes and the row (with its Edit button) is back.
    expect(screen.queryByRole('form', { name: 'Edit Address' })).toBeNull();
  });

  it('keeps the Add box for a missing item and an Edit button for each filled one; Cancel sends nothing', async () => {
    const { user, sent } = renderWithShop(<ProfileCard profile={profile} onEdit={() => undefined} />, answer);
    screen.getByRole('form', { name: 'Add LinkedIn' });
    screen.getByRole('form', { name: 'Add Education' });
    screen.getByRole('button', { name: 'Edit Phone' });
    await user.click(screen.getByRole('button', { name: 'Edit Phone' }));
    await user.click(within(screen.getByRole('form', { name: 'Edit Phone' })).getByRole('button', { name: 'Cancel' }));
    screen.getByRole('button', { name: 'Edit Phone' });
    expect(patches(sent)).toEqual([]);
  });

  it('refuses an edited item in the shop’s words, before sending it', async () => {
    const { user, sent } = renderWithShop(<ProfileCard profile={profile} onEdit={() => undefined} />, answer);
    await user.click(screen.getByRole('button', { name: 'Edit Address' }));
    const form = screen.getByRole('form', { name: 'Edit Address' });
    await user.clear(within(form).getByLabelText('Address'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await within(form).findByText('Address is required');
    expect(patches(sent)).toEqual([]);
  });

  it("shows the server's refusal of an item under it, and it goes as the item is changed", async () => {
    const refusal = 'Too many changes to your account: try again in a minute';
    const { user } = renderWithShop(<ProfileCard profile={profile} onEdit={() => undefined} />, (request) =>
      request.method === 'PATCH' ? { status: 429, body: { error: 'rate_limited', message: refusal } } : answer(request),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Phone' }));
    const form = screen.getByRole('form', { name: 'Edit Phone' });
    const phone = within(form).getByLabelText('Phone');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await within(form).findByText(refusal);
    expect(phone.getAttribute('aria-invalid')).toBe('true');

    await user.type(phone, '1');
    expect(within(form).queryByText(refusal)).toBeNull();
    expect(phone.getAttribute('aria-invalid')).toBe('false');
  });

  it('changes the picture alone: uploads it, then PATCHes profilePicture only', async () => {
    const picture = '/api/images/0b4c5d6e-7f80-4a1b-9c2d-3e4f5a6b7c8d';
    const { user, sent } = renderWithShop(<ProfileCard profile={profile} onEdit={() => undefined} />, (request) =>
      request.path === '/api/upload' ? { status: 200, body: { data: { url: picture } } } : answer(request),
    );
    await user.upload(screen.getByLabelText('Change picture'), new File(['png'], 'me.png', { type: 'image/png' }));
    await screen.findByText(MESSAGES.profileUpdated);
    expect(patches(sent).map((request) => request.body)).toEqual([{ profilePicture: picture }]);
  });
});
