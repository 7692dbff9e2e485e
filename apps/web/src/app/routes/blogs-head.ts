import { SHOP_NAME, type PageHead } from '../../lib/page-head/page-head.ts';

export const blogsPageHead: PageHead = {
  title: `Blogs — ${SHOP_NAME}`,
  description:
    'Questions we were asked while building the Voltline shop with React and Node.js, answered for developers who want to build something similar.',
  path: '/blogs',
  image: '/images/logo.svg',
};
