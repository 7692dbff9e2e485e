import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation that, once it lands, fetches again every query it made stale (keys from
 * query-keys.ts), and is done only when they are: the caller's onSuccess (a toast, closing a
 * dialog) then sees the lists as they now are. `evenWhenRefused` refreshes after a refusal too,
 * where a refusal (a 409) may mean another admin changed the order meanwhile, so the lists are stale.
 */
export function useRefreshingMutation<Answer, Variables>(
  mutationFn: (variables: Variables) => Promise<Answer>,
  staleKeys: readonly QueryKey[] | ((variables: Variables) => readonly QueryKey[]),
  { evenWhenRefused = false } = {},
) {
  const queryClient = useQueryClient();
  const refresh = (variables: Variables) =>
    Promise.all((typeof staleKeys === 'function' ? staleKeys(variables) : staleKeys).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn,
    ...(evenWhenRefused
      ? { onSettled: (_answer: Answer | undefined, _error: Error | null, variables: Variables) => refresh(variables) }
      : { onSuccess: (_answer: Answer, variables: Variables) => refresh(variables) }),
  });
}
