/**
 * The shop's own pages the footer links to (issue 16). The list is fixed: a page's name from a
 * request is looked up here, never used as a file path. No zod here: the footer, on every public
 * page, imports this list, and zod would then load with each of them.
 */
export const SHOP_PAGES = [
  { slug: 'about', title: 'About us' },
  { slug: 'contact', title: 'Contact' },
  { slug: 'jobs', title: 'Jobs' },
  { slug: 'terms', title: 'Terms of use' },
  { slug: 'privacy', title: 'Privacy policy' },
  { slug: 'cookies', title: 'Cookie policy' },
] as const;
export type ShopPageEntry = (typeof SHOP_PAGES)[number];
export type ShopPageSlug = ShopPageEntry['slug'];

/** Where a page lives in the web app: /about, /contact, ... */
export const shopPagePath = (slug: ShopPageSlug) => `/${slug}`;

export function findShopPage(slug: string): ShopPageEntry | undefined {
  return SHOP_PAGES.find((page) => page.slug === slug);
}

/** The most of an owner's page file the shop reads (64 KiB: a long policy is a tenth of it). */
export const SHOP_PAGE_MAX_BYTES = 64 * 1024;

/** GET /api/pages/{slug}: the page's title and its text, a small Markdown subset (the web app's page-text.ts). */
export interface ShopPage {
  slug: ShopPageSlug;
  title: string;
  text: string;
}
