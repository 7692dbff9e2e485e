import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { FormMessage } from '../../../components/form-message.tsx';

interface OrderDialogAction {
  label: string;
  onConfirm: () => void;
  pending: boolean;
  /** The server's refusal, shown inside the dialog, which stays open. */
  failure: string | null;
  tone: 'primary' | 'error';
}

interface OrderDialogProps {
  title: string;
  /** Escape, the backdrop and the close button all end here; the parent then stops rendering the dialog. */
  onClose: () => void;
  closeLabel: string;
  /** Without an action the dialog only informs (the history). */
  action?: OrderDialogAction;
  children: ReactNode;
}

/**
 * The one dialog shape of Manage All Orders: a daisyUI modal on the native <dialog>, so focus stays
 * inside and the page behind is inert. Rendered only while open.
 */
export function OrderDialog({ title, onClose, closeLabel, action, children }: OrderDialogProps) {
  const titleId = useId();
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

  return (
    <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={onClose} onClick={closeOnBackdrop}>
      <div className="modal-box flex flex-col gap-4">
        <h3 id={titleId} className="text-lg font-bold">
          {title}
        </h3>
        {children}
        {action && <FormMessage message={action.failure} />}
        <div className="modal-action mt-0">
          <button type="button" className="btn" onClick={onClose}>
            {closeLabel}
          </button>
          {action && (
            <button
              type="button"
              className={action.tone === 'error' ? 'btn btn-error' : 'btn btn-primary'}
              onClick={action.onConfirm}
              disabled={action.pending}
            >
              {action.pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {action.label}
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}
