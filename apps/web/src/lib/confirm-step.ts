import type { UseMutationResult } from '@tanstack/react-query';
import { describeRequestError } from './api-client.ts';

/** What a dialog's confirm button needs: the step itself, whether it runs, and the server's refusal. */
export interface ConfirmStep {
  onConfirm: () => void;
  pending: boolean;
  failure: string | null;
}

/**
 * The confirm button of a dialog that makes one change (cancel an order, ship it, delete a tool,
 * remove a webhook endpoint): runs the mutation, then tells the user and closes; a refusal stays
 * inside the open dialog, in the server's words.
 */
export function confirmStep<Variables>(
  mutation: UseMutationResult<unknown, Error, Variables>,
  variables: Variables,
  { done, onClose }: { done: () => void; onClose: () => void },
): ConfirmStep {
  return {
    onConfirm: () =>
      mutation.mutate(variables, {
        onSuccess: () => {
          done();
          onClose();
        },
      }),
    pending: mutation.isPending,
    failure: mutation.isError ? describeRequestError(mutation.error) : null,
  };
}
