import type { MutateOptions } from '@tanstack/react-query';
import { toast } from './toast/toast.ts';

/** A mutation as a form holds it (useMutation's answer): what it needs to be run with a success step of its own. */
type FormMutation<Answer, Refusal, Variables> = {
  mutate: (variables: Variables, options?: MutateOptions<Answer, Refusal, Variables>) => void;
};

/**
 * A form's step once the server has done what it asked: a toast saying so (in words that may name
 * what the answer holds), then the form moves on (closes its dialog, empties its fields). Only
 * then: a refusal shows no toast and leaves the form as it was, with what was typed and the
 * refusal in words under it (refusalOf), so nothing is lost.
 */
export function mutateThenToast<Answer, Refusal, Variables>(
  mutation: FormMutation<Answer, Refusal, Variables>,
  variables: Variables,
  done: string | ((answer: Answer) => string),
  then?: (answer: Answer) => void,
): void {
  mutation.mutate(variables, {
    onSuccess: (answer) => {
      toast.success(typeof done === 'string' ? done : done(answer));
      then?.(answer);
    },
  });
}
