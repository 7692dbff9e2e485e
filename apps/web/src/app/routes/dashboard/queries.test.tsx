import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoredQuery } from '@voltline/shared/query-form';
import { renderWithShop, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { QueriesPage } from './queries.tsx';

const openQuery: StoredQuery = {
  _id: '0b6f2f0e-9a52-4d1f-8a0e-3c1d2b4a5e6f',
  name: 'Grace Volta',
  email: 'grace@example.com',
  phone: '5550199',
  role: 'Contractor',
  query: 'Do you ship crimping tools to Norway?',
  createdAt: '2026-11-24T09:30:00.000Z',
  answeredAt: null,
  answeredBy: null,
};

/** The stand-in server: the open query under ?status=open, nothing answered, and the marking. */
function answer(request: SentRequest) {
  if (request.method === 'PATCH') return { status: 200, body: { acknowledged: true } };
  if (request.path.startsWith('/api/queries')) return { status: 200, body: request.path.includes('status=answered') ? [] : [openQuery] };
  return { status: 404, body: { error: 'not_found', message: 'Not found' } };
}

describe('the Queries inbox (issue 26)', () => {
  it('lists the open queries, marks one answered on the server, and filters by state', async () => {
    const { user, sent } = renderWithShop(<QueriesPage />, answer);
    const card = (await screen.findByText('Do you ship crimping tools to Norway?')).closest('li')!;
    within(card).getByText('Grace Volta');
    expect(within(card).getByRole('link', { name: 'grace@example.com' }).getAttribute('href')).toBe('mailto:grace@example.com');
    expect(sent.find((request) => request.path.startsWith('/api/queries'))!.path).toContain('status=open');

    await user.click(within(card).getByRole('button', { name: 'Mark answered' }));
    await expect.poll(() => sent.filter((request) => request.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: `/api/queries/${openQuery._id}`, body: { answered: true } },
    ]);

    const filters = screen.getByRole('group', { name: 'Show queries' });
    await user.click(within(filters).getByRole('button', { name: 'Answered' }));
    await screen.findByText('No query yet');
    expect(sent.filter((request) => request.path.startsWith('/api/queries') && request.method === 'GET').at(-1)!.path).toContain('status=answered');
  });
});
