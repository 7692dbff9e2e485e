/**
 * What a public page tells search engines and link previews about itself. The server writes it
 * into the page's <head> (entry-server.tsx); in the browser, pages keep the title and description
 * current as the visitor moves between them (use-document-head.ts).
 */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own address on the shop (canonical link, og:url); undefined for pages not to index (not found). */
  path: string | undefined;
  /** A picture of the page for link previews, on the shop (made absolute with PUBLIC_URL). */
  image: string;
  /**
   * schema.org data about what the page shows (a Product on a tool page), written as JSON-LD. Given
   * how to make a shop address absolute, which only the server knows (PUBLIC_URL).
   */
  structuredData?: (absolute: (address: string) => string) => Record<string, unknown>;
}

export const SHOP_NAME = 'Voltline Tools';

/** The title of pages without a head of their own (sign-in, dashboard): the shell's. */
export const SHELL_TITLE = 'Voltline — electrical tools, built and stocked';

/** A description for the meta tag: whole words, within what search results show (about 160 characters). */
export function describeBriefly(text: string, maxLength = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) return flat;
  const cut = flat.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut}…`;
}

/** The head of the not-found page: titled as such, and not to be indexed. */
export const notFoundHead: PageHead = {
  title: `Page not found — ${SHOP_NAME}`,
  description: 'The page you are looking for does not exist or has been moved.',
  path: undefined,
  image: '/images/logo.svg',
};
