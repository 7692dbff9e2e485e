import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SOCIAL_PROVIDER_IDS, type SocialProviderId } from '@voltline/shared/account';
import { ApiRequestError, NETWORK_FAILURE_CODE } from '../../../lib/api-client.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { startSocialSignIn } from '../../../features/accounts/api/start-social-sign-in.ts';

function isSocialProviderId(value: string | undefined): value is SocialProviderId {
  return (SOCIAL_PROVIDER_IDS as readonly string[]).includes(value ?? '');
}

/**
 * Opened in the popup by the social buttons. The popup starts on our own page, so the click
 * handler can open it synchronously (browsers block popups opened after an await).
 */
export function SocialPopupStartPage() {
  const { provider } = useParams();
  const navigate = useNavigate();
  // React's development double-run of effects must not start two sign-ins.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Every failure ends on the done page, which reports it to the opener like a provider's error.
    const reportFailure = (code: string) => void navigate(`/auth/popup-done?error=${encodeURIComponent(code)}`, { replace: true });
    if (!isSocialProviderId(provider)) {
      reportFailure('unknown_provider');
      return;
    }
    startSocialSignIn(provider)
      .then(({ url }) => window.location.assign(url))
      .catch((error: unknown) => reportFailure(error instanceof ApiRequestError ? error.code : NETWORK_FAILURE_CODE));
  }, [provider, navigate]);

  return <LoadingSpinner label="Opening the sign-in page" className="py-24" />;
}
