import { SHOP_NAME, type PageHead } from '../../../lib/page-head/page-head.ts';

/**
 * The login page is rendered on the server like the public pages (it shows nothing of an account):
 * its form is the largest thing on the screen, and a phone sees it before the app's code has come.
 */
export const loginPageHead: PageHead = {
  title: `Login — ${SHOP_NAME}`,
  description: 'Sign in to your Voltline account to order tools, follow your orders and pay for them.',
  path: '/login',
  image: '/images/logo.svg',
};
