import { useState } from 'react';
import { backupCodeFormSchema, twoFactorCodeFormSchema } from '@voltline/shared/two-factor';
import { refusalOf } from '../../../lib/api-client.ts';
import { FormField } from '../../../components/form-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useFinishSignIn } from '../api/two-factor.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

type CodeKind = 'app' | 'backup';

const FIELD = {
  app: { schema: twoFactorCodeFormSchema, label: 'Code from your authenticator app', other: 'Use a backup code instead', inputMode: 'numeric' },
  backup: { schema: backupCodeFormSchema, label: 'Backup code', other: 'Use the authenticator app instead', inputMode: 'text' },
} as const;

/** The code of one kind: the app's six digits, or a backup code. Keyed by kind, so switching starts clean. */
function CodeStep({ kind, onSwitch, onSignedIn }: { kind: CodeKind; onSwitch: () => void; onSignedIn: () => void }) {
  const finish = useFinishSignIn();
  const field = FIELD[kind];
  const { register, handleSubmit, errors } = useZodForm(field.schema, { code: '' });
  const verify = ({ code }: { code: string }) => finish.mutate({ kind, code }, { onSuccess: onSignedIn });
  return (
    <form onSubmit={handleSubmit(verify)} noValidate aria-label="Two-step sign-in" className="flex flex-col gap-4">
      <p className="text-sm">Your account uses two-step sign-in. {kind === 'app' ? 'Open your authenticator app and enter the code it shows for Voltline Tools.' : 'Enter one of the backup codes you kept; each works once.'}</p>
      <FormField id="sign-in-code" label={field.label} error={errors.code?.message}>
        {(control) => <input {...control} {...register('code')} inputMode={field.inputMode} autoComplete="one-time-code" autoFocus className="input w-full" />}
      </FormField>
      <button type="button" className="link link-hover self-start text-sm" onClick={onSwitch}>
        {field.other}
      </button>
      <PendingButton type="submit" className="btn btn-primary" pending={finish.isPending}>
        Verify
      </PendingButton>
      <FormMessage message={refusalOf(finish)} />
    </form>
  );
}

/** The second step of a sign-in (decision 062), after the password was right. */
export function SignInCodeForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [kind, setKind] = useState<CodeKind>('app');
  return <CodeStep key={kind} kind={kind} onSwitch={() => setKind(kind === 'app' ? 'backup' : 'app')} onSignedIn={onSignedIn} />;
}
