import { SHOP_NAME, type PageHead } from '../../lib/page-head/page-head.ts';
import { developer } from '../../features/content/portfolio-data.ts';

export const portfolioPageHead: PageHead = {
  title: `${developer.name}, ${developer.role} — ${SHOP_NAME}`,
  description: `${developer.name} built the Voltline shop: education, skills and projects with their live links.`,
  path: '/myportfolio',
  image: '/images/portfolio/voltline-shop.svg',
};
