import type { QueryClient } from '@tanstack/react-query';
import { setShopMoney } from '@voltline/shared/money';
import { clientConfigQueryOptions } from '../lib/client-config.ts';
import type { ServerState } from './server-state.ts';

/**
 * The shop's currency and locale, said to the money module before the first amount is drawn
 * (decision 067): a page the server rendered brings them in its state; a page the browser draws from
 * the shell (sign-in forms, dashboard) asks the server once, while the page's code loads
 * (GET /api/client-config, kept for the visit). One build of the app serves a shop in any currency.
 */
export async function learnShopMoney(queryClient: QueryClient, serverState: ServerState | undefined): Promise<void> {
  if (serverState) return setShopMoney(serverState.money);
  try {
    setShopMoney(await queryClient.fetchQuery(clientConfigQueryOptions));
  } catch {
    // The shop cannot be reached: the page's own calls fail too and say so; nothing is priced meanwhile.
  }
}
