import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mutateThenToast } from './mutate-then-toast.ts';
import { toast } from './toast/toast.ts';

/** A form's mutation on a client of its own, answering `answer` or refusing when there is none. */
function formMutation(answer: { code: string } | undefined) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const send = async (_code: string) => {
    if (!answer) throw new Error('That code is taken.');
    return answer;
  };
  return renderHook(() => useMutation({ mutationFn: send }), { wrapper }).result;
}

describe('mutateThenToast', () => {
  afterEach(() => vi.restoreAllMocks());

  it("says what was done, in words from the server's answer, and only then moves the form on with that answer", async () => {
    const steps: string[] = [];
    vi.spyOn(toast, 'success').mockImplementation((message) => void steps.push(`toast: ${message}`));
    const mutation = formMutation({ code: 'SUMMER10' });
    await act(async () => {
      mutateThenToast(mutation.current, 'summer10', (created) => `Coupon ${created.code} created`, (created) => steps.push(`then: ${created.code}`));
      await vi.waitFor(() => expect(mutation.current.isSuccess).toBe(true));
    });
    expect(steps).toEqual(['toast: Coupon SUMMER10 created', 'then: SUMMER10']);
  });

  it('shows no toast after a refusal and leaves the form as it was', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    const then = vi.fn();
    const mutation = formMutation(undefined);
    await act(async () => {
      mutateThenToast(mutation.current, 'summer10', 'Coupon created', then);
      await vi.waitFor(() => expect(mutation.current.isError).toBe(true));
    });
    expect(success).not.toHaveBeenCalled();
    expect(then).not.toHaveBeenCalled();
  });
});
