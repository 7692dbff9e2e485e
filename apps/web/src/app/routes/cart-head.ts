import { SHOP_NAME, type PageHead } from '../../lib/page-head/page-head.ts';

/** A cart is a visitor's own: not a page to index (no path). */
export const cartPageHead: PageHead = {
  title: `Your cart — ${SHOP_NAME}`,
  description: 'The tools in your cart, at their current prices.',
  path: undefined,
  image: '/images/logo.svg',
};
