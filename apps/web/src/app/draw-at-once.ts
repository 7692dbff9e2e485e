import { flushSync } from 'react-dom';

/**
 * The router's way to draw a navigation at once rather than as a transition, for the navigations
 * that ask (shop-shell.tsx: going home when the server ends the session). react-router/dom's
 * provider passes the same; the app keeps react-router's, which its tests share.
 */
export const drawAtOnce = (update: () => unknown): undefined => void flushSync(update);
