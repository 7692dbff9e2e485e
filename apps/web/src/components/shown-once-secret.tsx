import { useState, type ReactNode } from 'react';

interface ShownOnceSecretProps {
  /** What it is, as the alert says it ("Signing secret", "API key"). */
  label: string;
  secret: string;
  testId: string;
  /** How to use it, under the secret. */
  children?: ReactNode;
}

/** A secret the server answers once (a webhook's signing secret, an API key): shown until the page is left, with a copy button. */
export function ShownOnceSecret({ label, secret, testId, children }: ShownOnceSecretProps) {
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
          {label} (shown once): <code data-testid={testId}>{secret}</code>
        </p>
        {children && <p className="text-sm">{children}</p>}
      </div>
      <button type="button" className="btn btn-sm" onClick={() => void copySecret()}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
