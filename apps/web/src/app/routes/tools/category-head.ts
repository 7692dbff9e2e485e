import type { CategoryNode, ToolSearchAnswer } from '@voltline/shared/categories';
import { categoryAddress, categoryPagePath, type CategoryView } from '../../../features/catalogue/category-address.ts';
import { describeBriefly, SHOP_NAME, type PageHead } from '../../../lib/page-head/page-head.ts';
import { toolPagePath } from './tool-head.ts';

/**
 * A category page (/tools/c/{slug}) as search engines see it: its breadcrumb as a BreadcrumbList
 * and the tools on screen as an ItemList. Its address without filters is the one to index; a
 * filtered view names it as canonical.
 */
export function categoryPageHead(view: CategoryView, path: CategoryNode[], found: ToolSearchAnswer | undefined): PageHead {
  const category = path.at(-1)!;
  const tools = found?.tools ?? [];
  return {
    title: `${category.name} — ${SHOP_NAME}`,
    description: describeBriefly(
      `${category.name} at Voltline${path.length > 1 ? ` (${path.map((step) => step.name).join(' › ')})` : ''}: compare by specification, price and stock, and order online.`,
    ),
    path: categoryPagePath(view.slug),
    image: '/og/home.png',
    structuredData: (absolute) => ({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'BreadcrumbList',
          itemListElement: [{ name: 'All tools', address: '/tools' }, ...path.map((step) => ({ name: step.name, address: categoryPagePath(step.slug) }))].map((step, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            name: step.name,
            item: absolute(step.address),
          })),
        },
        ...(tools.length > 0
          ? [
              {
                '@type': 'ItemList',
                name: category.name,
                url: absolute(categoryAddress(view)),
                numberOfItems: tools.length,
                itemListElement: tools.map((tool, index) => ({ '@type': 'ListItem', position: index + 1, url: absolute(toolPagePath(tool._id)), name: tool.toolName })),
              },
            ]
          : []),
      ],
    }),
  };
}

export const missingCategoryHead: PageHead = {
  title: `Category not found — ${SHOP_NAME}`,
  description: 'This category is not in our catalogue.',
  path: undefined,
  image: '/images/logo.svg',
};
