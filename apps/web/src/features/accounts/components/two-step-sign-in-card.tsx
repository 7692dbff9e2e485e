import { useState } from 'react';
import { z } from 'zod';
import { loginFormSchema } from '@voltline/shared/account';
import { TWO_FACTOR_MESSAGES, twoFactorCodeFormSchema } from '@voltline/shared/two-factor';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { CardForm } from '../../../components/card-form.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useConfirmTwoFactor, useStartTwoFactor, useTurnOffTwoFactor, useTwoFactorStatus, type TwoFactorSetup } from '../api/two-factor.ts';
import { AuthenticatorQrCode } from './authenticator-qr-code.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';

const TITLE = 'Two-step sign-in';

const passwordFormSchema = z.object({ password: loginFormSchema.shape.password });

/** The password that turns it on or off: only the account's owner may. */
function PasswordCardForm({ submitLabel, intro, mutation, onPassword }: {
  submitLabel: string;
  intro: string;
  mutation: { error: unknown; isPending: boolean };
  onPassword: (password: string) => void;
}) {
  const { register, handleSubmit, errors } = useZodForm(passwordFormSchema, { password: '' });
  return (
    <CardForm title={TITLE} onSubmit={handleSubmit(({ password }) => onPassword(password))} submitLabel={submitLabel} refusal={refusalOf(mutation)} pending={mutation.isPending}>
      <p className="text-sm">{intro}</p>
      <FormField id="two-factor-password" label="Your password" error={errors.password?.message}>
        {(control) => <input {...control} {...register('password')} type="password" autoComplete="current-password" className="input w-full max-w-xs" />}
      </FormField>
    </CardForm>
  );
}

/** Shown once: the QR code, the key and the backup codes; a first code from the app turns it on. */
function ConfirmSetup({ setup, onDone }: { setup: TwoFactorSetup; onDone: () => void }) {
  const confirm = useConfirmTwoFactor();
  const { register, handleSubmit, errors } = useZodForm(twoFactorCodeFormSchema, { code: '' });
  const confirmCode = ({ code }: { code: string }) =>
    confirm.mutate(code, {
      onSuccess: () => {
        toast.success(TWO_FACTOR_MESSAGES.turnedOn);
        onDone();
      },
    });
  return (
    <CardForm title={TITLE} onSubmit={handleSubmit(confirmCode)} submitLabel="Turn on" refusal={refusalOf(confirm)} pending={confirm.isPending}>
      <p className="text-sm">1. Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, ...). It is shown only now.</p>
      <AuthenticatorQrCode totpUri={setup.totpURI} />
      <p className="text-sm">2. Keep these backup codes somewhere safe. Each one signs you in once if you lose your phone; they are not shown again.</p>
      <ul aria-label="Backup codes" className="grid max-w-sm grid-cols-2 gap-1 font-mono text-sm">
        {setup.backupCodes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <FormField id="two-factor-confirm-code" label="3. Enter the code the app shows" error={errors.code?.message}>
        {(control) => <input {...control} {...register('code')} inputMode="numeric" autoComplete="one-time-code" className="input w-full max-w-xs" />}
      </FormField>
    </CardForm>
  );
}

/** My Profile: turn two-step sign-in on (an authenticator app and backup codes) or off (issue 41, item 3). */
export function TwoStepSignInCard() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const turnOff = useTurnOffTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);

  if (!status.data) {
    return (
      <section className="card bg-base-100 shadow" aria-label={TITLE}>
        <div className="card-body">{status.isError ? <p role="alert">{refusalOf(status)}</p> : <LoadingSpinner label="Loading two-step sign-in" />}</div>
      </section>
    );
  }
  if (setup) return <ConfirmSetup setup={setup} onDone={() => setSetup(null)} />;
  if (status.data.enabled) {
    return (
      <PasswordCardForm
        key="on"
        submitLabel="Turn off"
        intro="Two-step sign-in is on: after your password the shop asks for the code of your authenticator app, or a backup code. Your password turns it off."
        mutation={turnOff}
        onPassword={(password) => turnOff.mutate(password, { onSuccess: () => toast.success(TWO_FACTOR_MESSAGES.turnedOff) })}
      />
    );
  }
  return (
    <PasswordCardForm
      key="off"
      submitLabel="Set up two-step sign-in"
      intro="After your password, the shop asks for a code from an authenticator app on your phone: a stolen password alone no longer signs in."
      mutation={start}
      onPassword={(password) => start.mutate(password, { onSuccess: setSetup })}
    />
  );
}
