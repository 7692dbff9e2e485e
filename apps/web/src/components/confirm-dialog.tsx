import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { confirmStep } from '../lib/confirm-step.ts';
import { ModalDialog } from './modal-dialog.tsx';

interface ConfirmDialogProps<Variables> {
  /** The question, e.g. "Cancel this order?". */
  title: string;
  /** The one change the dialog makes, and what it makes it on. */
  change: UseMutationResult<unknown, Error, Variables>;
  variables: Variables;
  /** Tells the user the change is made (a toast); the dialog then closes. */
  done: () => void;
  onClose: () => void;
  confirmLabel: string;
  closeLabel?: string;
  /** A step that takes something away is red; one that moves things on (ship an order) is not. */
  tone?: 'error' | 'primary';
  /** What the change is about, shown above the buttons. */
  children: ReactNode;
}

/**
 * product.md, "States": a dialog that asks once before it makes one change (cancel or ship an order,
 * delete a review, revoke a key, remove an endpoint). A refusal stays inside the open dialog, in the
 * server's words; a step that cannot be undone asks for a typed word instead (TypedConfirmDialog).
 */
export function ConfirmDialog<Variables>({ title, change, variables, done, onClose, confirmLabel, closeLabel = 'No', tone = 'error', children }: ConfirmDialogProps<Variables>) {
  const step = confirmStep(change, variables, { done, onClose });
  return (
    <ModalDialog title={title} onClose={onClose} closeLabel={closeLabel} confirm={{ label: confirmLabel, ...step, tone }}>
      {children}
    </ModalDialog>
  );
}
