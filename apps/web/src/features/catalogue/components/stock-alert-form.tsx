import { useId, useState, type FormEvent } from 'react';
import { stockAlertMessages } from '@voltline/shared/stock-alert-messages';
import type { Tool } from '@voltline/shared/tool';
import { FormField } from '../../../components/form-field.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useTakenOver } from '../../../lib/use-taken-over.ts';
import { useAskStockAlert } from '../api/stock-alerts.ts';

/**
 * "Tell me when it is back" on an out-of-stock tool's page (decision 045): an email (a signed-in
 * customer's own, filled in), mailed once when the tool can be ordered again. Drawn with the
 * server's page; its button works once the app has taken the page over. The request's schema
 * (zod) is loaded when the form is sent, so the tool page does not carry it for every visitor.
 */
export function StockAlertForm({ tool }: { tool: Tool }) {
  const { user } = useSession();
  const takenOver = useTakenOver();
  const headingId = useId();
  // Untouched, the field shows the signed-in customer's email (known only after the session loads).
  const [typed, setTyped] = useState<string | null>(null);
  const email = typed ?? user?.email ?? '';
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const ask = useAskStockAlert();

  async function send(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    const { stockAlertRequestSchema } = await import('@voltline/shared/stock-alerts');
    const request = stockAlertRequestSchema.safeParse({ email });
    if (!request.success) {
      setProblem(request.error.issues[0]?.message);
      return;
    }
    ask.mutate({ toolId: tool._id, request: request.data });
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-box border border-base-300 p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {stockAlertMessages.formHeading}
      </h2>
      {ask.data ? (
        <p role="status">{ask.data.message}</p>
      ) : (
        <form onSubmit={(event) => void send(event)} noValidate className="flex flex-wrap items-start gap-3">
          <FormField id={`stock-alert-${tool._id}`} label="Email" error={problem ?? refusalOf(ask) ?? undefined}>
            {(control) => (
              <input
                {...control}
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                value={email}
                onChange={(event) => setTyped(event.target.value)}
                className="input w-72 max-w-full"
              />
            )}
          </FormField>
          <PendingButton type="submit" className="btn btn-secondary mt-6" disabled={!takenOver} pending={ask.isPending}>
            {stockAlertMessages.formHeading}
          </PendingButton>
        </form>
      )}
    </section>
  );
}
