import { WEBHOOK_SIGNATURE_HEADER } from '@voltline/shared/webhook';
import { ShownOnceSecret } from '../../../components/shown-once-secret.tsx';

/** The new endpoint's signing secret: the server answers it once, so it shows only until the page is left. */
export function SigningSecretAlert({ secret }: { secret: string }) {
  return (
    <ShownOnceSecret label="Signing secret" secret={secret} testId="signing-secret">
      {`Each delivery carries ${WEBHOOK_SIGNATURE_HEADER}: t=<time>,v1=<HMAC-SHA256 of "t.body" with this secret>.`}
    </ShownOnceSecret>
  );
}
