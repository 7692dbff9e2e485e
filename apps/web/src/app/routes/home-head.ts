import { SHOP_NAME, type PageHead } from '../../lib/page-head/page-head.ts';

export const homePageHead: PageHead = {
  title: `${SHOP_NAME} — electrical tools, built, sold and stocked`,
  description:
    'Voltline builds, sells and stocks electrical tools: drills, grinders, testers, crimpers and soldering stations, shipped worldwide.',
  // /home shows the same page: both name / as the one to index.
  path: '/',
  // The banner's picture as PNG, which social sites show (apps/server/src/catalogue/share-images.ts).
  image: '/og/home.png',
};
