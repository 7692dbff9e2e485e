import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IMAGE_UPLOAD_MAX_BYTES } from '@voltline/shared/profile';
import { TEXT_LIMITS } from '@voltline/shared/text-limits';
import { toolNameTakenMessage, type Tool } from '@voltline/shared/tool';
import { renderWithShop, type ApiAnswer, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { UpdateToolDialog } from './update-tool-dialog.tsx';

const drill: Tool = {
  _id: '00000000-0000-4000-8000-00000000d811',
  toolName: 'Voltline CD-18 Cordless Drill',
  description: 'An 18 V drill with two batteries.',
  img: '/images/tools/drill.svg',
  price: 120,
  minimumOrderQuantity: 2,
  availableQuantity: 40,
  orderableQuantity: 40,
  vatRate: null,
};
const UPLOADED = '/api/images/00000000-0000-4000-8000-0000000000aa';

const answerEdits = (request: SentRequest): ApiAnswer =>
  request.path === '/api/upload' ? { status: 200, body: { data: { url: UPLOADED } } } : { status: 200, body: { acknowledged: true, modifiedCount: 1 } };

function renderDialog(answer: (request: SentRequest) => ApiAnswer = answerEdits) {
  const onClose = vi.fn();
  return { ...renderWithShop(<UpdateToolDialog tool={drill} onClose={onClose} />, answer), onClose };
}

/** Issue 16: the Update tool dialog edits the whole tool. */
describe('update tool dialog', () => {
  it('starts from the tool as it is and saves a new name and description without uploading anything', async () => {
    const { user, sent, onClose } = renderDialog();
    const name = screen.getByLabelText('Tool name');
    expect((name as HTMLInputElement).value).toBe(drill.toolName);
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe(drill.description);
    expect(screen.getByRole('img', { name: "The tool's picture" }).getAttribute('src')).toBe(drill.img);

    await user.clear(name);
    await user.type(name, 'Voltline CD-20 Cordless Drill');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: `/api/updateTool/${drill._id}`,
        body: { toolName: 'Voltline CD-20 Cordless Drill', description: drill.description, availableQuantity: 40, minimumOrderQuantity: 2, price: 120 },
      },
    ]);
  });

  it('uploads a new picture first and saves its address with the tool', async () => {
    const { user, sent, onClose } = renderDialog();
    await user.upload(screen.getByLabelText('Image'), new File([new Uint8Array([137, 80, 78, 71])], 'drill.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/upload', `PATCH /api/updateTool/${drill._id}`]);
    expect(sent[1]!.body).toMatchObject({ img: UPLOADED });
  });

  it('refuses a blank or over-long name and a picture over the upload limit in the shop words, sending nothing', async () => {
    const { user, sent } = renderDialog();
    const name = screen.getByLabelText('Tool name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Tool name is required')).toBeTruthy();

    await user.type(name, 'x'.repeat(TEXT_LIMITS.toolName + 1));
    const tooLarge = new File([new Uint8Array(IMAGE_UPLOAD_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Image'), tooLarge);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(`Tool name can be at most ${TEXT_LIMITS.toolName} characters`)).toBeTruthy();
    expect(await screen.findByText('The image must be at most 5 MB')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("keeps the dialog open with the server's refusal of a taken name, and a new attempt starts clean", async () => {
    let refuse = true;
    const { user, onClose } = renderDialog((request) =>
      refuse ? { status: 409, body: { error: 'conflict', message: toolNameTakenMessage('Voltline AG-125 Angle Grinder') } } : answerEdits(request),
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(toolNameTakenMessage('Voltline AG-125 Angle Grinder'))).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByText(toolNameTakenMessage('Voltline AG-125 Angle Grinder'))).toBeNull();
  });
});
