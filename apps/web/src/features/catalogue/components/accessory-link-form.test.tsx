import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { familyMessages } from '@voltline/shared/families';
import type { Tool } from '@voltline/shared/tool';
import { sampleDrill } from '../../../testing/sample-tools.ts';
import { renderWithShop, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { AccessoryLinkForm } from './accessory-link-form.tsx';

const battery: Tool = { ...sampleDrill, _id: '00000000-0000-4000-8000-00000000ba77', toolName: 'Voltline 18 V Battery 5 Ah' };

/** The admin's search finds the tool typed; the first unlink is refused (not linked), the second answered. */
function shopAnswer() {
  let unlinks = 0;
  return (request: SentRequest) => {
    if (request.path.startsWith('/api/adminGetTools')) {
      const q = new URL(request.path, 'http://shop.test').searchParams.get('q') ?? '';
      return { status: 200, body: [sampleDrill, battery].filter((tool) => tool.toolName.toLowerCase().includes(q.toLowerCase().slice(0, 8))) };
    }
    if (request.method === 'DELETE') {
      unlinks += 1;
      return unlinks === 1 ? { status: 404, body: { error: 'not_found', message: familyMessages.notLinked } } : { status: 200, body: { acknowledged: true, deletedCount: 1 } };
    }
    return { status: 200, body: [] };
  };
}

/** Issue 40, item 7: an admin links an accessory to the tool it fits, and takes the link away again. */
describe('linking an accessory', () => {
  it("asks for both tools first, then unlinks the chosen pair, a refusal in the server's words", async () => {
    const { user, sent } = renderWithShop(<AccessoryLinkForm />, shopAnswer());
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose the tool and its accessory from the suggestions');
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([]);

    await user.type(screen.getByLabelText('Tool'), sampleDrill.toolName);
    await user.type(screen.getByLabelText('Accessory or spare part'), battery.toolName);
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText(familyMessages.notLinked)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    // The form's own message clears (the success toast is an alert too, outside the form).
    await expect.poll(() => within(screen.getByRole('form')).getByRole('alert').textContent).toBe('');
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      `/api/admin/tools/${sampleDrill._id}/accessories/${battery._id}`,
      `/api/admin/tools/${sampleDrill._id}/accessories/${battery._id}`,
    ]);
  });
});
