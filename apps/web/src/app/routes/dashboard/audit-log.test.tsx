import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUDIT_SECRET_CHANGED, type AuditEntry } from '@voltline/shared/audit';
import { renderWithShop, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { AuditLogPage } from './audit-log.tsx';

const couponChanged: AuditEntry = {
  _id: '4d3c2b1a-0f9e-4d8c-8b7a-6f5e4d3c2b1a',
  at: '2026-11-28T09:30:00.000Z',
  actorKind: 'staff',
  actorUserId: 'user-1',
  actorEmail: 'ada@voltline.local',
  actorApiKeyId: null,
  clientAddress: '203.0.113.7',
  kind: 'coupon',
  action: 'changed',
  subject: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  before: { disabled: false },
  after: { disabled: true },
};

const webhookAdded: AuditEntry = {
  ...couponChanged,
  _id: '5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b',
  kind: 'webhook',
  action: 'created',
  before: null,
  after: { url: 'https://erp.example/hooks', secret: AUDIT_SECRET_CHANGED },
};

/** The stand-in server: both changes on the whole log, only the coupon's for kind=coupon. */
function answer(request: SentRequest) {
  if (request.path.startsWith('/api/admin/audit')) return { status: 200, body: request.path.includes('kind=coupon') ? [couponChanged] : [couponChanged, webhookAdded] };
  return { status: 404, body: { error: 'not_found', message: 'Not found' } };
}

describe('the Audit log (issue 41, decision 065)', () => {
  it('lists who changed what, from where, before and after, and asks again by kind and days', async () => {
    const { user, sent } = renderWithShop(<AuditLogPage />, answer);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByTestId('audit-row');
    expect(rows).toHaveLength(2);
    within(rows[0]!).getByText('ada@voltline.local');
    within(rows[0]!).getByText('203.0.113.7');
    within(rows[0]!).getByText('Coupons');
    expect(rows[0]!.textContent).toContain('disabled: false');
    expect(rows[0]!.textContent).toContain('disabled: true');
    expect(rows[1]!.textContent).toContain(`secret: ${AUDIT_SECRET_CHANGED}`);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'coupon');
    await expect.poll(() => within(screen.getByRole('table', { name: 'Audit log' })).getAllByTestId('audit-row')).toHaveLength(1);
    // A date field takes its whole value at once, as the browser's picker gives it.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await expect.poll(() => sent.filter((request) => request.path.startsWith('/api/admin/audit')).at(-1)!.path).toContain('from=2026-11-01');
    expect(sent.filter((request) => request.path.startsWith('/api/admin/audit')).at(-1)!.path).toContain('kind=coupon');
  });
});
