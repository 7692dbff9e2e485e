import { useQueries } from '@tanstack/react-query';
import { MY_PRICES_TOOLS_MAX, type MyPrices } from '@voltline/shared/customer-groups';
import { LIST_PRICES, type CustomerPrices } from '../../../entities/tool/customer-price.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { myPricesOptions } from '../api/customer-groups.ts';

/**
 * The signed-in customer's unit prices of the tools a page shows (the catalogue's cards, the purchase
 * page's tool), read after the page's public answer (decision 072): the public answers
 * stay everyone's list prices, shared and cached, and these come from GET /api/my-prices, private and
 * never stored. At most MY_PRICES_TOOLS_MAX tools a read: a longer list (Show more, page after page)
 * is read in parts of that size, the earlier parts staying as they were. A visitor, and a customer
 * who pays the list price, get LIST_PRICES: the page stays as it is.
 */
export function useCustomerPrices(toolIds: readonly string[]): CustomerPrices {
  const { user } = useSession();
  const unique = [...new Set(toolIds)];
  const parts: string[][] = [];
  for (let start = 0; start < unique.length; start += MY_PRICES_TOOLS_MAX) parts.push(unique.slice(start, start + MY_PRICES_TOOLS_MAX));
  const answers = useQueries({ queries: user ? parts.map((ids) => myPricesOptions(user.email, ids)) : [] });

  const priced = new Map<string, { tool: MyPrices['tools'][number]; group: MyPrices['group'] }>();
  for (const { data } of answers) for (const tool of data?.tools ?? []) priced.set(tool.toolId, { tool, group: data!.group });
  if (priced.size === 0) return LIST_PRICES;
  return {
    priceOf(toolId) {
      const found = priced.get(toolId);
      if (!found) return undefined;
      const { tool, group } = found;
      // The list price, shown as the page already shows it: nothing to overlay.
      if (tool.unitPrice === tool.listPrice && !group.displayPricesWithoutVat) return undefined;
      return { unitPrice: tool.unitPrice, displayedPrice: tool.displayedPrice, withoutVat: group.displayPricesWithoutVat, groupName: group.name };
    },
  };
}
