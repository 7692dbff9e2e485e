/**
 * The navigation state of a link or setSearchParams that changes a page's view in place (the
 * catalogue's Show more, search and order): the declarative router has no preventScrollReset, so
 * the page says so in the history entry's state and the shop's scrolling (shop-app.tsx) leaves the
 * visitor where they are.
 */
export const KEEP_SCROLL_STATE = { keepScroll: true } as const;

export const keepsScroll = (state: unknown): boolean => typeof state === 'object' && state !== null && 'keepScroll' in state;
