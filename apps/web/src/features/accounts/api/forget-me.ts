import { useMutation } from '@tanstack/react-query';
import type { Profile } from '@voltline/shared/profile';
import type { DeleteMyAccount, EraseCustomer, ErasureAnswer } from '@voltline/shared/forget-me';
import { apiSend } from '../../../lib/api-client.ts';
import { userKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

/**
 * DELETE /api/me: the caller's own account, erased (decision 061). A wrong password is the form's
 * refusal, not a sign-out; the page signs out once it is done.
 */
export const useDeleteMyAccount = () =>
  useMutation({ mutationFn: (request: DeleteMyAccount) => apiSend<ErasureAnswer>('DELETE', '/me', request, { signOutOnAuthFailure: false }) });

interface CustomerErasure {
  user: Pick<Profile, '_id'>;
  request: EraseCustomer;
}

/** POST /api/admin/users/{id}/erase: a customer's account, for a request received by mail; the user list loses them. */
export const useEraseCustomer = () =>
  useRefreshingMutation(({ user, request }: CustomerErasure) => apiSend<ErasureAnswer>('POST', `/admin/users/${encodeURIComponent(user._id)}/erase`, request), [userKeys.all]);
