import { useEffect, useId, useRef, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { FormMessage } from './form-message.tsx';
import { PendingButton } from './pending-button.tsx';

interface DialogConfirmation {
  label: string;
  onConfirm: () => void;
  pending: boolean;
  /** The server's refusal, shown inside the dialog, which stays open. */
  failure: string | null;
  /** Holds the button back for a reason of the caller's (e.g. the confirmation word is not typed yet). */
  disabled?: boolean;
  tone: 'primary' | 'error';
}

interface ModalDialogProps {
  /** Names the dialog. */
  title: string;
  /** What the dialog is about, read out with the title. */
  description?: string;
  /** Escape, the backdrop and the close button all end here; the parent then stops rendering the dialog. */
  onClose: () => void;
  closeLabel?: string;
  /** The button that does the dialog's work. Without it the dialog only informs (e.g. a history). */
  confirm?: DialogConfirmation;
  /** For a table (e.g. a delivery log): the box takes most of a large screen instead of a narrow column. */
  wide?: boolean;
  children?: ReactNode;
}

/**
 * The one dialog of the app: a daisyUI modal on the native <dialog>, so focus stays inside and the
 * page behind is inert. Rendered only while open. With a confirm button the box is a form, so Enter
 * in one of its fields confirms too.
 */
export function ModalDialog({ title, description, onClose, closeLabel = 'Cancel', confirm, wide = false, children }: ModalDialogProps) {
  const titleId = useId();
  const descriptionId = `${titleId}-description`;
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    // Guarded because React's development double-run would open it twice.
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  // A click outside the box lands on the <dialog> itself. This replaces daisyUI's backdrop
  // <button>close</button>, whose name would clash with the dialog's own Close button.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm && !confirm.disabled && !confirm.pending) confirm.onConfirm();
  };

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onClick={closeOnBackdrop}
    >
      <form className={`modal-box flex flex-col gap-4 ${wide ? 'max-w-4xl' : ''}`} onSubmit={submit} noValidate>
        <h3 id={titleId} className="text-lg font-bold break-words">
          {title}
        </h3>
        {description && (
          <p id={descriptionId} className="break-words">
            {description}
          </p>
        )}
        {children}
        {confirm && <FormMessage message={confirm.failure} />}
        <div className="modal-action mt-0">
          <button type="button" className="btn" onClick={onClose}>
            {closeLabel}
          </button>
          {confirm && (
            <PendingButton
              type="submit"
              className={confirm.tone === 'error' ? 'btn btn-error' : 'btn btn-primary'}
              pending={confirm.pending}
              disabled={confirm.disabled}
            >
              {confirm.label}
            </PendingButton>
          )}
        </div>
      </form>
    </dialog>
  );
}
