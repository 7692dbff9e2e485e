import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False while React hydrates a server-rendered page (and on the server), true once the app has
 * taken the page over: what only the browser knows (history state, a pressable button) is drawn
 * then, so the first browser render matches the server's HTML.
 */
export function useTakenOver(): boolean {
  return useSyncExternalStore(neverChanges, () => true, () => false);
}
