import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { ShopMoney } from '@voltline/shared/money';

/**
 * What the server hands the browser with a page it rendered: the queries its loaders filled and
 * the router's own hydration data (which route loaded, the status). It travels in a
 * <script type="application/json"> element, which the browser never runs (the CSP allows no inline
 * script, so not StaticRouterProvider's own), and the app reads it back here. A page the browser
 * renders itself (sign-in forms, dashboard) comes without it.
 */
export interface ServerState {
  /** The shop's currency and locale, so that the page hydrates with the amounts the server wrote (decision 067). */
  money: ShopMoney;
  queries: DehydratedState;
  router: HydrationState;
}

export const SERVER_STATE_ELEMENT_ID = 'server-state';

export function readServerState(): ServerState | undefined {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as ServerState) : undefined;
}
