/** The message the sign-in popup posts to the window that opened it, and the popup's window name. */
export const SOCIAL_POPUP_MESSAGE_TYPE = 'voltline-oauth';
export const SOCIAL_POPUP_WINDOW_NAME = 'voltline-oauth';
/**
 * The same report also goes out on this channel: when a provider's page makes the browser cut the
 * popup off from its opener (Cross-Origin-Opener-Policy), window.opener is null on the way back,
 * but a same-origin BroadcastChannel still reaches the shop window.
 */
export const SOCIAL_POPUP_CHANNEL = 'voltline-oauth';

export interface SocialPopupMessage {
  type: typeof SOCIAL_POPUP_MESSAGE_TYPE;
  /** The provider's or identity service's error code; null when the sign-in succeeded. */
  error: string | null;
}

export function isSocialPopupMessage(data: unknown): data is SocialPopupMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as SocialPopupMessage).type === SOCIAL_POPUP_MESSAGE_TYPE &&
    ((data as SocialPopupMessage).error === null || typeof (data as SocialPopupMessage).error === 'string')
  );
}
