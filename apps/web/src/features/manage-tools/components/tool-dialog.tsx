import { useEffect, useId, useRef, type MouseEvent, type FormEvent, type ReactNode } from 'react';
import { FormMessage } from '../../../components/form-message.tsx';

interface ToolDialogProps {
  title: string;
  /** What the dialog is about, read out with the title. */
  description: string;
  /** Escape, the backdrop and Cancel all end here; the parent then stops rendering the dialog. */
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  submitDisabled?: boolean;
  pending: boolean;
  /** The server's refusal, shown inside the dialog, which stays open. */
  failure: string | null;
  tone: 'primary' | 'error';
  children: ReactNode;
}

/**
 * The one dialog shape of Manage Tools: a form in a daisyUI modal on the native <dialog>, so focus
 * stays inside and the page behind is inert. Rendered only while open.
 */
export function ToolDialog(props: ToolDialogProps) {
  const { title, description, onClose, onSubmit, submitLabel, submitDisabled = false, pending, failure, tone, children } = props;
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
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-description`}
      onClose={onClose}
      onClick={closeOnBackdrop}
    >
      <form className="modal-box flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <h3 id={titleId} className="text-lg font-bold">
          {title}
        </h3>
        <p id={`${titleId}-description`} className="break-words">
          {description}
        </p>
        {children}
        <FormMessage message={failure} />
        <div className="modal-action mt-0">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={tone === 'error' ? 'btn btn-error' : 'btn btn-primary'} disabled={submitDisabled || pending}>
            {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
