import type { Tool } from '@voltline/shared/tool';
import { formatSpecification, type ToolDetail } from '@voltline/shared/categories';
import { shopMoney } from '@voltline/shared/money';
import { isOutOfStock } from '@voltline/shared/stock';
import { describeBriefly, SHOP_NAME, type PageHead } from '../../../lib/page-head/page-head.ts';

export const toolPagePath = (toolId: string) => `/tools/${encodeURIComponent(toolId)}`;

/** A tool's page as search engines see it: a Product with today's price, whether it can be ordered, its category and specifications. */
export function toolPageHead(tool: Tool & Partial<Pick<ToolDetail, 'category' | 'specifications'>>): PageHead {
  const specifications = tool.specifications ?? [];
  const path = toolPagePath(tool._id);
  return {
    title: `${tool.toolName} — ${SHOP_NAME}`,
    description: describeBriefly(`${tool.toolName}: ${tool.description}`),
    path,
    // Link previews get the picture as PNG (the server draws it, apps/server/src/catalogue/share-images.ts):
    // social sites do not show the catalogue's SVG drawings.
    image: `/og${path}.png`,
    structuredData: (absolute) => ({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: tool.toolName,
      description: tool.description,
      image: absolute(tool.img),
      sku: tool._id,
      brand: { '@type': 'Brand', name: SHOP_NAME },
      ...(tool.category ? { category: tool.category.path.map((step) => step.name).join(' > ') } : {}),
      // Its specifications (issue 40), each a PropertyValue: a number with its unit, a choice or yes/no in words.
      ...(specifications.length > 0
        ? {
            additionalProperty: specifications.map((specification) => ({
              '@type': 'PropertyValue',
              name: specification.name,
              value: specification.kind === 'number' ? specification.value : formatSpecification(specification),
              ...(specification.kind === 'number' && specification.unit ? { unitText: specification.unit } : {}),
            })),
          }
        : {}),
      offers: {
        '@type': 'Offer',
        url: absolute(path),
        price: tool.price,
        // The shop's one currency (SHOP_CURRENCY, decision 067), in which `price` is.
        priceCurrency: shopMoney().currency,
        availability: isOutOfStock(tool) ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      },
    }),
  };
}

export const missingToolHead: PageHead = {
  title: `Tool not found — ${SHOP_NAME}`,
  description: 'This tool is not in our catalogue.',
  path: undefined,
  image: '/images/logo.svg',
};
