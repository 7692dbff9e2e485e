import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toolPictureMessages, type ToolPicture } from '@voltline/shared/tool-pictures';
import { sampleDrill } from '../../../testing/sample-tools.ts';
import { renderWithShop, type ApiAnswer, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { PicturesDialog } from './pictures-dialog.tsx';

const picture = (n: number, alt: string): ToolPicture => {
  const drawn = (size: string, width: number) => ({ webp: `/api/images/${size}-${n}`, original: `/api/images/${size}-${n}-png`, width });
  return { _id: `00000000-0000-4000-8000-00000000000${n}`, alt, position: n - 1, originalType: 'image/png', card: drawn('card', 400), page: drawn('page', 800), zoom: drawn('zoom', 1600), srcset: { webp: '', original: '' } };
};
const gallery = [picture(1, 'Left side'), picture(2, 'Battery fitted')];

function renderDialog(answerWrite: (request: SentRequest) => ApiAnswer = () => ({ status: 200, body: { acknowledged: true } })) {
  const view = renderWithShop(<PicturesDialog tool={sampleDrill} onClose={() => undefined} />, (request) => (request.method === 'GET' ? { status: 200, body: gallery } : answerWrite(request)));
  const writes = () => view.sent.filter((request) => request.method !== 'GET');
  return { ...view, writes };
}

/** Issue 40, item 4 (decision 054): Manage Tools › Pictures reorders, words, removes and adds a tool's pictures. */
describe('pictures dialog', () => {
  it('moves a picture up, saves its words and removes one', async () => {
    const { user, writes } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Move picture 2 up' }));
    await expect.poll(writes).toEqual([{ method: 'PUT', path: `/api/admin/tools/${sampleDrill._id}/pictures/order`, body: { pictureIds: [gallery[1]!._id, gallery[0]!._id] } }]);
    const words = screen.getByLabelText('Alternative text of picture 1');
    await user.clear(words);
    await user.type(words, 'The drill from the left');
    await user.click(screen.getAllByRole('button', { name: 'Save words' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Remove picture 2' }));
    await expect.poll(() => writes().slice(1)).toEqual([
      { method: 'PATCH', path: `/api/admin/tools/${sampleDrill._id}/pictures/${gallery[0]!._id}`, body: { alt: 'The drill from the left' } },
      { method: 'DELETE', path: `/api/admin/tools/${sampleDrill._id}/pictures/${gallery[1]!._id}` },
    ]);
    expect((screen.getByRole('button', { name: 'Move picture 1 up' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('adds a picture with its words and shows a refusal in the server’s words', async () => {
    const { user, writes } = renderDialog(() => ({ status: 409, body: { error: 'conflict', message: toolPictureMessages.full } }));
    await user.upload(await screen.findByLabelText('Picture'), new File([new Uint8Array([1, 2, 3])], 'drill.png', { type: 'image/png' }));
    await user.type(screen.getByLabelText('Alternative text'), 'Top view');
    await user.click(screen.getByRole('button', { name: 'Add picture' }));
    await screen.findByText(toolPictureMessages.full);
    expect(writes().map((request) => [request.method, request.path])).toEqual([['POST', `/api/admin/tools/${sampleDrill._id}/pictures?alt=Top%20view`]]);
  });
});
