import { useId, useState } from 'react';
import { FormField } from './form-field.tsx';
import { ModalDialog } from './modal-dialog.tsx';

interface TypedConfirmDialogProps {
  title: string;
  /** What is about to be lost, read out with the title. */
  description: string;
  /** The word to type exactly, e.g. CANCEL or DELETE. */
  word: string;
  onConfirm: () => void;
  onClose: () => void;
  closeLabel: string;
  confirmLabel: string;
  pending: boolean;
  failure: string | null;
}

/** product.md, "States": a step that cannot be undone waits until the user types the word, exactly as shown. */
export function TypedConfirmDialog({ word, onConfirm, confirmLabel, pending, failure, ...dialog }: TypedConfirmDialogProps) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  return (
    <ModalDialog
      {...dialog}
      confirm={{ label: confirmLabel, onConfirm, pending, failure, disabled: typed !== word, tone: 'error' }}
    >
      <FormField id={inputId} label={`Type ${word} to confirm`} error={undefined}>
        {(control) => (
          <input
            {...control}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="input w-full"
          />
        )}
      </FormField>
    </ModalDialog>
  );
}
