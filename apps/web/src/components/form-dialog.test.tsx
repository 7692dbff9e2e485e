import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, ApiRequestError } from '../lib/api-client.ts';
import { renderWithShop, type ApiAnswer, type SentRequest } from '../testing/render-with-shop.tsx';
import { FormDialog } from './form-dialog.tsx';
import { FormField } from './form-field.tsx';

const labelSchema = z.object({ label: z.string().trim().min(1, 'Label is required') });
type LabelForm = z.infer<typeof labelSchema>;

const TAKEN = 'A shelf with the label A1 exists already';
const UPLOAD_REFUSED = 'The picture could not be stored';

/** A two-step form in the dialog, as Update tool is: a picture upload, then the save. */
function ShelfDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LabelForm>({ resolver: zodResolver(labelSchema), defaultValues: { label: 'A1' } });
  const upload = useMutation({ mutationFn: () => apiRequest<{ url: string }>('/upload', { method: 'POST' }) });
  const save = useMutation({ mutationFn: (shelf: LabelForm & { img: string }) => apiRequest('/shelves', { method: 'POST', body: JSON.stringify(shelf) }) });
  const saveShelf = async (shelf: LabelForm) => {
    try {
      const { url } = await upload.mutateAsync();
      await save.mutateAsync({ ...shelf, img: url });
      onSaved();
    } catch {
      // Shown from the failed step's mutation.
    }
  };
  return (
    <FormDialog
      title="Rename shelf"
      onClose={onClose}
      submitLabel="Save shelf"
      onSubmit={handleSubmit(saveShelf)}
      mutations={[upload, save]}
      describeError={(error) => (error instanceof ApiRequestError ? `Refused: ${error.message}` : 'No connection')}
      submitting={isSubmitting}
    >
      <FormField id="shelf-label" label="Label" error={errors.label?.message}>
        {(control) => <input {...control} {...register('label')} className="input" />}
      </FormField>
    </FormDialog>
  );
}

/** The page around it: the dialog is rendered only while open, as the dashboard's pages do. */
function ShelfPage({ onSaved }: { onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rename
      </button>
      {open && <ShelfDialog onClose={() => setOpen(false)} onSaved={onSaved} />}
    </>
  );
}

function renderPage(answer: (request: SentRequest) => ApiAnswer) {
  const onSaved = vi.fn();
  const view = renderWithShop(<ShelfPage onSaved={onSaved} />, answer);
  const open = async () => {
    await view.user.click(screen.getByRole('button', { name: 'Rename' }));
    return screen.getByRole('dialog', { name: 'Rename shelf' });
  };
  return { ...view, onSaved, open };
}

const refusal = (dialog: HTMLElement) => within(dialog).getAllByRole('alert').map((alert) => alert.textContent).join('');

describe('form dialog (change name, change password, update profile, update tool)', () => {
  it("shows the failed step's refusal in the caller's words, stays open, and a new attempt starts clean before its fields are checked", async () => {
    let refuseSave = true;
    const { user, onSaved, open } = renderPage((request) => {
      if (request.path === '/api/upload') return { status: 200, body: { url: '/images/shelf.png' } };
      return refuseSave ? { status: 409, body: { error: 'conflict', message: TAKEN } } : { status: 200, body: {} };
    });
    const dialog = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Save shelf' }));
    await within(dialog).findByText(`Refused: ${TAKEN}`);
    expect(screen.getByRole('dialog', { name: 'Rename shelf' })).toBe(dialog);

    // A blank label is refused in the browser: the server's earlier refusal goes, only the field's error shows.
    await user.clear(within(dialog).getByLabelText('Label'));
    await user.click(within(dialog).getByRole('button', { name: 'Save shelf' }));
    await within(dialog).findByText('Label is required');
    expect(refusal(dialog)).toBe('Label is required');

    refuseSave = false;
    await user.type(within(dialog).getByLabelText('Label'), 'B2');
    await user.click(within(dialog).getByRole('button', { name: 'Save shelf' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(refusal(dialog)).toBe('');
  });

  it("shows the first step's refusal without going on, and closed and opened again it shows no old refusal", async () => {
    const { user, sent, onSaved, open } = renderPage(() => ({ status: 413, body: { error: 'too_large', message: UPLOAD_REFUSED } }));
    let dialog = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Save shelf' }));
    await within(dialog).findByText(`Refused: ${UPLOAD_REFUSED}`);
    expect(sent.map((request) => request.path)).toEqual(['/api/upload']);
    expect(onSaved).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    dialog = await open();
    expect(refusal(dialog)).toBe('');
  });
});
