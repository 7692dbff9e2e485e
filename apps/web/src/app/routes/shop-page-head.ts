import type { ShopPage, ShopPageEntry } from '@voltline/shared/shop-pages';
import { shopPagePath } from '@voltline/shared/shop-pages';
import { describeBriefly, SHOP_NAME, type PageHead } from '../../lib/page-head/page-head.ts';
import { firstParagraph, parsePageText } from '../../features/content/page-text.ts';

/** A footer page's head: its title, and its own first paragraph as the description once it has arrived. */
export function shopPageHead(entry: ShopPageEntry, page: ShopPage | undefined): PageHead {
  const opening = page ? firstParagraph(parsePageText(page.text)) : '';
  return {
    title: `${entry.title} — ${SHOP_NAME}`,
    description: describeBriefly(opening || `${entry.title} of ${SHOP_NAME}, makers and sellers of electrical tools.`),
    path: shopPagePath(entry.slug),
    image: '/images/logo.svg',
  };
}
