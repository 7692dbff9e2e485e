import { SHOP_NAME, type PageHead } from '../../lib/page-head/page-head.ts';

/** A customer's own checkout: not a page to index (no path), as robots.txt says too. */
export const checkoutPageHead: PageHead = {
  title: `Checkout — ${SHOP_NAME}`,
  description: 'Where your order goes, and what it costs with delivery, discounts and VAT.',
  path: undefined,
  image: '/images/logo.svg',
};
