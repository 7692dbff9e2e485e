import { useId } from 'react';
import { FormMessage } from './form-message.tsx';
import { ModalDialog } from './modal-dialog.tsx';

interface ConfirmDialogProps {
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending: boolean;
  failure: string | null;
}

/** Spec 4: admin order cancel and make-admin ask once before they change anything. */
export function ConfirmDialog({ question, confirmLabel, onConfirm, onCancel, pending, failure }: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <ModalDialog titleId={titleId} onClose={onCancel}>
      <h3 id={titleId} className="text-lg font-bold break-words">
        {question}
      </h3>
      <FormMessage message={failure} />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={pending}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
