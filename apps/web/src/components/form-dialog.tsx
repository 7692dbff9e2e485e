import type { ReactNode } from 'react';
import { refusalOf } from '../lib/api-client.ts';
import { ModalDialog } from './modal-dialog.tsx';

/** What the dialog reads of a mutation (TanStack Query's `useMutation` result). */
interface FormMutation {
  error: unknown;
  isPending: boolean;
  reset: () => void;
}

interface FormDialogProps {
  title: string;
  description?: string;
  /** Cancel, Escape and the backdrop; the parent then stops rendering the dialog. */
  onClose: () => void;
  submitLabel: string;
  /**
   * The form's submit, e.g. react-hook-form's `handleSubmit(save)()`: it checks the fields and runs
   * the mutations, and it must not reject (a failed step shows from its mutation).
   */
  onSubmit: () => Promise<void>;
  /** The steps of one submit (an upload, then the save): the failed one's refusal shows in the dialog. */
  mutations: readonly FormMutation[];
  /** The server's words by default; an identity refusal may need the shop's own. */
  describeError?: (error: unknown) => string;
  /** Still submitting between steps (react-hook-form's `isSubmitting`). */
  submitting?: boolean;
  children: ReactNode;
}

/**
 * A form in a dialog (change name, change password, update profile, update tool): it stays open
 * with the server's refusal and closes only when the caller says so (on success). A new attempt
 * starts clean, before its fields are checked: an earlier refusal may no longer apply, and beside
 * this attempt's own error it would read as a second, current problem. Closed, the dialog is gone
 * with its mutations' state, so opened again it shows no old refusal.
 */
export function FormDialog({ title, description, onClose, submitLabel, onSubmit, mutations, describeError, submitting = false, children }: FormDialogProps) {
  const submit = () => {
    for (const mutation of mutations) mutation.reset();
    void onSubmit();
  };
  return (
    <ModalDialog
      title={title}
      description={description}
      onClose={onClose}
      confirm={{
        label: submitLabel,
        onConfirm: submit,
        pending: submitting || mutations.some((mutation) => mutation.isPending),
        failure: refusalOf(mutations, describeError),
        tone: 'primary',
      }}
    >
      {children}
    </ModalDialog>
  );
}
