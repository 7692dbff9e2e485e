import type { SocialProviderId } from '@voltline/shared/account';
import { identityRequest } from '../../../lib/api-client.ts';

/** Every outcome lands the popup on one page, which reports back to the window that opened it. */
const POPUP_DONE_PATH = '/auth/popup-done';

/**
 * POST /api/auth/sign-in/social: answers the provider's sign-in address for the popup to open.
 * (The identity service serves its configured OAuth providers through this standard endpoint.)
 */
export function startSocialSignIn(provider: SocialProviderId): Promise<{ url: string }> {
  return identityRequest<{ url: string }>('/sign-in/social', {
    method: 'POST',
    body: JSON.stringify({
      provider,
      callbackURL: POPUP_DONE_PATH,
      errorCallbackURL: POPUP_DONE_PATH,
      newUserCallbackURL: POPUP_DONE_PATH,
    }),
  });
}
