import { formatShortDateTime } from '@voltline/shared/shop-constants';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Profile, RoleChange } from '@voltline/shared/profile';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { RoleHistoryDialog } from './role-history-dialog.tsx';

const owner: Profile = {
  _id: '6f1c2b3a4d5e6f7a8b9c0d1e',
  name: 'Shop admin',
  email: 'owner@example.com',
  role: 'admin',
  roles: ['admin'],
  address: null,
  phone: null,
  linkedIn: null,
  education: null,
  profilePicture: null,
};

describe('role history', () => {
  it('names who changed the role, and says the shop gave its first admin the role when it was set up', async () => {
    const history: RoleChange[] = [
      { role: 'user', roles: [], changedBy: 'colleague@example.com', at: '2026-11-23T10:00:00.000Z' },
      { role: 'admin', roles: ['admin'], changedBy: null, at: '2026-11-01T08:00:00.000Z' },
    ];
    renderWithShop(<RoleHistoryDialog user={owner} onClose={vi.fn()} />, () => ({ status: 200, body: history }));
    const when = (at: string) => formatShortDateTime(at);
    expect((await screen.findAllByRole('listitem')).map((item) => item.textContent)).toEqual([
      `Admin role removed by colleague@example.com on ${when(history[0]!.at)}`,
      `Made an admin when the shop was set up on ${when(history[1]!.at)}`,
    ]);
  });
});
