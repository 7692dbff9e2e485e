import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { familyMessages, type ToolFamily } from '@voltline/shared/families';
import { sampleDrill } from '../../../testing/sample-tools.ts';
import { renderWithShop, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { FamilyAdminCard } from './family-admin-card.tsx';

const family: ToolFamily = {
  _id: '00000000-0000-4000-8000-0000000000f1',
  name: 'Impact driver DTD',
  options: ['Voltage', 'Kit'],
  members: [{ toolId: '00000000-0000-4000-8000-0000000000a1', toolName: 'DTD 18 V bare', values: ['18 V', 'bare'], price: 129, outOfStock: false }],
};
const refusal = familyMessages.valuesTaken('DTD 18 V bare', ['18 V', 'bare']);

/** The shop's answers: the admin's search finds the sample drill; placing it is refused as a twin. */
function shopAnswer(request: SentRequest) {
  if (request.path.startsWith('/api/adminGetTools')) return { status: 200, body: [sampleDrill] };
  if (request.method === 'PUT') return { status: 409, body: { error: 'conflict', message: refusal } };
  return { status: 200, body: [] };
}

/** Issue 40, item 3: an admin places a tool in a family; a refusal shows in the server's words. */
describe('a family on the Families page', () => {
  it('lists its tools with their values, places a tool chosen by name with a value per option, and shows the refusal in words', async () => {
    const { user, sent } = renderWithShop(
      <ul>
        <FamilyAdminCard family={family} />
      </ul>,
      shopAnswer,
    );
    expect(screen.getByRole('row', { name: /DTD 18 V bare 18 V bare/ })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Place a tool in Impact driver DTD' })).toBeTruthy();
    // Nothing is sent until a tool is chosen from the suggestions.
    await user.click(screen.getByRole('button', { name: 'Place tool' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a tool from the suggestions');

    await user.type(screen.getByLabelText('Tool'), sampleDrill.toolName);
    await user.type(screen.getByLabelText('Voltage'), '18 V');
    await user.type(screen.getByLabelText('Kit'), 'bare');
    await user.click(screen.getByRole('button', { name: 'Place tool' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([
      { method: 'PUT', path: `/api/admin/families/${family._id}/tools/${sampleDrill._id}`, body: { values: ['18 V', 'bare'] } },
    ]);
  });
});
