import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SocialProviderId } from '@voltline/shared/account';
import { MESSAGES } from '@voltline/shared/messages';
import { refreshSession } from '../../../lib/session/session-query.ts';
import { describeSocialSignInError } from '../sign-in-errors.ts';
import { isSocialPopupMessage, SOCIAL_POPUP_CHANNEL, SOCIAL_POPUP_WINDOW_NAME } from '../social-popup-message.ts';

const POPUP_FEATURES = 'width=500,height=650';
const POPUP_POLL_MS = 500;

export interface SocialProviderChoice {
  id: SocialProviderId;
  name: string;
}

/** How a popup ended: its own report (error code or null for success), or closed without one. */
type PopupOutcome = { kind: 'reported'; error: string | null } | { kind: 'closed' };

/**
 * Social sign-in in a popup (product.md, "Screens"): opens /auth/popup/{provider}, waits for the popup's report
 * or for it to close, then reloads the session (which exchanges the shop token).
 */
export function useSocialPopup(onSignedIn: () => void) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const [waitingFor, setWaitingFor] = useState<SocialProviderId | null>(null);
  const stopWatching = useRef<(() => void) | null>(null);

  // Leaving the page stops listening, so a late popup cannot navigate from somewhere else.
  useEffect(() => () => stopWatching.current?.(), []);

  /** Answers whether the user is signed in now. */
  const settle = useCallback(
    async (provider: SocialProviderChoice, outcome: PopupOutcome): Promise<boolean> => {
      try {
        if (outcome.kind === 'reported' && outcome.error) {
          setMessage(describeSocialSignInError(outcome.error, provider.name));
          return false;
        }
        // A closed popup may still have signed in (its report can be lost), so the session decides.
        const user = await refreshSession(queryClient);
        if (user) {
          setMessage(null);
          onSignedIn();
          return true;
        }
        setMessage(outcome.kind === 'closed' ? MESSAGES.socialPopupClosed : describeSocialSignInError('no_session', provider.name));
        return false;
      } catch {
        setMessage(MESSAGES.networkFailure);
        return false;
      } finally {
        setWaitingFor(null);
      }
    },
    [queryClient, onSignedIn],
  );

  /** Must run synchronously inside the click handler, or the browser blocks the popup. */
  const signInWith = (provider: SocialProviderChoice) => {
    setMessage(null);
    stopWatching.current?.();
    const popup = window.open(`/auth/popup/${provider.id}`, SOCIAL_POPUP_WINDOW_NAME, POPUP_FEATURES);
    if (!popup) {
      setMessage(MESSAGES.socialPopupBlocked);
      return;
    }
    setWaitingFor(provider.id);

    const channel = new BroadcastChannel(SOCIAL_POPUP_CHANNEL);
    const receiveReport = (report: unknown) => {
      if (!isSocialPopupMessage(report)) return;
      stop();
      void settle(provider, { kind: 'reported', error: report.error });
    };
    const receiveWindowMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) receiveReport(event.data);
    };
    let closedSeen = false;
    const pollClosed = window.setInterval(() => {
      if (!popup.closed) return;
      // The popup reports just before it closes; give that report one more tick to arrive.
      if (closedSeen) {
        window.clearInterval(pollClosed);
        // A popup cut off from this window by the provider's opener policy also looks closed here,
        // so keep listening: its report, when it comes, still completes the sign-in.
        void settle(provider, { kind: 'closed' }).then((signedIn) => signedIn && stop());
      }
      closedSeen = true;
    }, POPUP_POLL_MS);
    const stop = () => {
      window.removeEventListener('message', receiveWindowMessage);
      channel.close();
      window.clearInterval(pollClosed);
      stopWatching.current = null;
    };
    window.addEventListener('message', receiveWindowMessage);
    channel.onmessage = (event) => receiveReport(event.data);
    stopWatching.current = stop;
  };

  return { signInWith, message, waitingFor };
}
