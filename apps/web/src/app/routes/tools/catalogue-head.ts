import type { Tool } from '@voltline/shared/tool';
import type { ToolSort } from '@voltline/shared/paging';
import { catalogueAddress, type CatalogueView } from '../../../features/catalogue/catalogue-address.ts';
import { describeBriefly, SHOP_NAME, type PageHead } from '../../../lib/page-head/page-head.ts';
import { toolPagePath } from './tool-head.ts';

/** How a description says the order the tools come in. */
const sortPhrases: Record<ToolSort, string> = {
  newest: 'newest first',
  'price-asc': 'cheapest first',
  'price-desc': 'dearest first',
  name: 'from A to Z',
  relevance: 'the best match first',
};

/** The catalogue page's heading: what it lists. */
export const catalogueTitle = ({ q }: Pick<CatalogueView, 'q'>) => (q === undefined ? 'All tools' : `Tools matching “${q}”`);

/**
 * The catalogue page (/tools, a search, an order) as search engines see it: its address without
 * the Show more count is the one to index, and the tools it lists are an ItemList. A search that
 * finds nothing is not to be indexed.
 */
export function cataloguePageHead(view: CatalogueView, tools: Tool[] | undefined): PageHead {
  const order = sortPhrases[view.sort];
  return {
    title: `${catalogueTitle(view)} — ${SHOP_NAME}`,
    description: describeBriefly(
      view.q === undefined
        ? `Every tool Voltline builds and stocks, ${order}: drills, grinders, testers, crimpers and soldering stations, with prices and stock.`
        : `Voltline tools matching “${view.q}”, ${order}, with prices, stock and minimum order quantities.`,
    ),
    path: view.q !== undefined && tools?.length === 0 ? undefined : catalogueAddress({ ...view, pages: 1 }),
    image: '/og/home.png',
    structuredData:
      tools && tools.length > 0
        ? (absolute) => ({
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            name: catalogueTitle(view),
            itemListOrder: view.sort === 'price-desc' || view.sort === 'newest' || view.sort === 'relevance'
                ? 'https://schema.org/ItemListOrderDescending'
                : 'https://schema.org/ItemListOrderAscending',
            numberOfItems: tools.length,
            itemListElement: tools.map((tool, index) => ({
              '@type': 'ListItem',
              position: index + 1,
              url: absolute(toolPagePath(tool._id)),
              name: tool.toolName,
            })),
          })
        : undefined,
  };
}
