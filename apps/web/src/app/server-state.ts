import type { DehydratedState } from '@tanstack/react-query';

/**
 * What the server hands the browser with a page: the queries it rendered the page with, or for a
 * login-only page the browser renders, the page's public data (public-page.ts, ShellDataHandle).
 * It travels in a <script type="application/json"> element, which the browser never runs (the CSP
 * allows no inline script), and the app reads it back here.
 */
export interface ServerState {
  queries: DehydratedState;
  /** Whether #root holds the page as the server rendered it, to hydrate, or is empty, to render. */
  rendered: boolean;
}

export const SERVER_STATE_ELEMENT_ID = 'server-state';

export function readServerState(): ServerState | undefined {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as ServerState) : undefined;
}
