import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Order } from '@voltline/shared/order';
import { CANCEL_CONFIRMATION_WORD } from '@voltline/shared/shop-constants';
import { FormField } from '../../../components/form-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';

interface CancelOrderDialogProps {
  order: Order;
  onConfirm: () => void;
  /** Escape, the backdrop and Keep order all end here; the parent then stops rendering the dialog. */
  onClose: () => void;
  pending: boolean;
  failure: string | null;
}

/** Spec 4: a customer cancels an unpaid order only after typing CANCEL. Rendered only while open. */
export function CancelOrderDialog({ order, onConfirm, onClose, pending, failure }: CancelOrderDialogProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');
  const confirmed = typed === CANCEL_CONFIRMATION_WORD;

  useEffect(() => {
    // A modal <dialog> keeps focus inside and the page behind inert. Guarded because React's
    // development double-run would open it twice.
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  const cancelOrder = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirmed && !pending) onConfirm();
  };

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-why`}
      onClose={onClose}
    >
      <form className="modal-box flex flex-col gap-4" onSubmit={cancelOrder} noValidate>
        <h3 id={titleId} className="text-lg font-bold">
          Cancel order
        </h3>
        <p id={`${titleId}-why`} className="break-words">
          {`Type ${CANCEL_CONFIRMATION_WORD} to confirm that you want to cancel your order of ${order.product}.`}
        </p>
        <FormField id={`${titleId}-confirmation`} label={`Type ${CANCEL_CONFIRMATION_WORD} to confirm`} error={undefined}>
          {(control) => (
            <input
              {...control}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              className="input w-full"
            />
          )}
        </FormField>
        <FormMessage message={failure} />
        <div className="modal-action mt-0">
          <button type="button" className="btn" onClick={onClose}>
            Keep order
          </button>
          <button type="submit" className="btn btn-error" disabled={!confirmed || pending}>
            {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Cancel order
          </button>
        </div>
      </form>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          close
        </button>
      </form>
    </dialog>
  );
}
