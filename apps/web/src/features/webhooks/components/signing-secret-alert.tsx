import { useState } from 'react';
import { WEBHOOK_SIGNATURE_HEADER } from '@voltline/shared/webhook';

/** The new endpoint's signing secret: the server answers it once, so it shows only until the page is left. */
export function SigningSecretAlert({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  const copySecret = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied(true),
      // Without clipboard access (an insecure page, a refused permission) the secret is still on screen to select.
      () => undefined,
    );

  return (
    <div role="status" className="alert alert-success flex flex-col items-start gap-2 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="break-all">
          Signing secret (shown once): <code data-testid="signing-secret">{secret}</code>
        </p>
        <p className="text-sm">
          {`Each delivery carries ${WEBHOOK_SIGNATURE_HEADER}: t=<time>,v1=<HMAC-SHA256 of "t.body" with this secret>.`}
        </p>
      </div>
      <button type="button" className="btn btn-sm" onClick={() => void copySecret()}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
