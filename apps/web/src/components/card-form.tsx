import { useId, type FormEvent, type ReactNode } from 'react';
import { FormMessage } from './form-message.tsx';
import { PendingButton } from './pending-button.tsx';

interface CardFormProps {
  /** The card's heading, which also names the form for screen readers. */
  title: string;
  /** E.g. react-hook-form's `handleSubmit(save)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  /** The server's refusal or the form's own, in words; null when there is none. */
  refusal: string | null;
  pending: boolean;
  children: ReactNode;
}

/**
 * A form on a card of its own on a back-office page (coupons, delivery, VAT, webhooks, categories):
 * a named heading, the fields, the refusal in words right above the button that caused it.
 */
export function CardForm({ title, onSubmit, submitLabel, refusal, pending, children }: CardFormProps) {
  const headingId = useId();
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <h3 id={headingId} className="card-title">
          {title}
        </h3>
        {children}
        <FormMessage message={refusal} />
        <PendingButton type="submit" className="btn btn-primary self-start" pending={pending}>
          {submitLabel}
        </PendingButton>
      </div>
    </form>
  );
}
