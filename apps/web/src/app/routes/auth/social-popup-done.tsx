import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SOCIAL_POPUP_CHANNEL, SOCIAL_POPUP_MESSAGE_TYPE, type SocialPopupMessage } from '../../../features/accounts/social-popup-message.ts';

/** Where the popup lands after the provider: tells the shop window how it went, then closes. */
export function SocialPopupDonePage() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');

  useEffect(() => {
    const report: SocialPopupMessage = { type: SOCIAL_POPUP_MESSAGE_TYPE, error };
    // Only a window of this shop may read the outcome.
    window.opener?.postMessage(report, window.location.origin);
    const channel = new BroadcastChannel(SOCIAL_POPUP_CHANNEL);
    channel.postMessage(report);
    channel.close();
    window.close();
  }, [error]);

  // Seen only when the browser keeps the window open (no opener, or closing refused).
  return (
    <section className="flex flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{error ? 'Sign-in did not finish' : 'Signed in'}</h1>
      <p>You can close this window.</p>
      <Link to="/" className="link">
        Continue to the shop
      </Link>
    </section>
  );
}
