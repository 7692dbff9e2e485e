import { useEffect, useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  titleId: string;
  /** Escape, the backdrop and Cancel all end here; the parent then stops rendering the dialog. */
  onClose: () => void;
  children: ReactNode;
}

/** A daisyUI modal on the native <dialog>: focus stays inside and the page behind is inert. Rendered only while open. */
export function ModalDialog({ titleId, onClose, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    // Guarded because React's development double-run would open it twice.
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box">{children}</div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          close
        </button>
      </form>
    </dialog>
  );
}
