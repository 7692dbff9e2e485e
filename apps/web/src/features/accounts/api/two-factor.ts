import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@voltline/shared/two-factor';
import { apiRequest, identityRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/query-keys.ts';
import { refreshSession } from '../../../lib/session/session-query.ts';
import { useSession } from '../../../lib/session/session-context.ts';

/**
 * Two-step sign-in (decision 062): better-auth's own calls under /api/auth/two-factor/, and the
 * shop's GET /api/me/two-factor for what the pages show around them.
 */

const post = <T>(path: string, body: object) => identityRequest<T>(path, { method: 'POST', body: JSON.stringify(body) });

/** Whether the signed-in person has it, and whether the shop asks it of them (an admin). */
export function useTwoFactorStatus() {
  const { user } = useSession();
  const email = user?.email ?? '';
  return useQuery({
    queryKey: accountKeys.twoFactor(email),
    queryFn: () => apiRequest<TwoFactorStatus>('/me/two-factor'),
    enabled: user !== null,
  });
}

/**
 * Turning it on or off renews the session (the old one ends with its API token), so the session
 * is loaded again, and with it whatever the person may now do.
 */
async function afterSessionRenewed(queryClient: QueryClient): Promise<void> {
  await refreshSession(queryClient);
  await queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

export interface TwoFactorSetup {
  /** The `otpauth://` address the QR code holds. */
  totpURI: string;
  backupCodes: string[];
}

/** POST /two-factor/enable: the secret and ten backup codes, shown once; on only after a first code. */
export function useStartTwoFactor() {
  return useMutation({ mutationFn: (password: string) => post<TwoFactorSetup>('/two-factor/enable', { password }) });
}

/** POST /two-factor/verify-totp with the session: the first code from the app turns it on. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => post('/two-factor/verify-totp', { code }),
    onSuccess: () => afterSessionRenewed(queryClient),
  });
}

/** POST /two-factor/disable: the password turns it off. */
export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => post('/two-factor/disable', { password }),
    onSuccess: () => afterSessionRenewed(queryClient),
  });
}

export type SecondStep = { kind: 'app'; code: string } | { kind: 'backup'; code: string };

/** The second step of a sign-in (the challenge is a cookie the password step set): a code from the app, or a backup code. */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, code }: SecondStep) => post(kind === 'app' ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code', { code }),
    onSuccess: () => refreshSession(queryClient),
  });
}
