import type { DehydratedState } from '@tanstack/react-query';

/**
 * What the server hands the browser with a page it rendered: the queries the page was rendered
 * with. It travels in a <script type="application/json"> element, which the browser never runs (the
 * CSP allows no inline script), and the app reads it back here.
 */
export interface ServerState {
  queries: DehydratedState;
}

export const SERVER_STATE_ELEMENT_ID = 'server-state';

export function readServerState(): ServerState | undefined {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as ServerState) : undefined;
}
