import { useEffect, useRef } from 'react';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { describeRequestError } from '../../../lib/api-client.ts';
import { useMergeCart } from '../api/merge-cart.ts';
import { clearBrowserCart, useBrowserCart } from '../browser-cart.ts';

/**
 * At sign-in, what the visitor put in the browser's cart joins the account's cart on the server,
 * once; the browser's copy is then emptied. What the merge had to change (a quantity held to what
 * can be ordered, a tool no longer sold) is told in a toast. If the merge fails the browser keeps
 * its cart, and the next sign-in (or reload) tries again.
 */
export function useMergeAtSignIn() {
  const { status, user } = useSession();
  const browserLines = useBrowserCart();
  const merge = useMergeCart();
  const triedFor = useRef<string | null>(null);

  useEffect(() => {
    if (status === 'signed-out') triedFor.current = null;
    if (status !== 'signed-in' || !user || browserLines.length === 0 || triedFor.current === user.email) return;
    triedFor.current = user.email;
    merge.mutate(browserLines, {
      onSuccess: ({ notes }) => {
        clearBrowserCart();
        for (const note of notes) toast.info(note);
      },
      onError: (error) => toast.error(`Your cart could not join your account's: ${describeRequestError(error)}`),
    });
  }, [status, user, browserLines, merge]);
}
