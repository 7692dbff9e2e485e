import type { Tool } from '@voltline/shared/tool';
import { formatMoney } from '@voltline/shared/money';
import { formatCount } from '@voltline/shared/shop-constants';
import { useSession } from '../../../lib/session/session-context.ts';
import { unitPriceWords } from '../../../entities/tool/customer-price.ts';
import { useMyPrices } from '../api/customer-groups.ts';

/** "5–9", "50 or more": a tier's units as the table says them. */
const unitsOf = (tier: { fromUnits: number; toUnits: number | null }) =>
  tier.toUnits === null ? `${formatCount(tier.fromUnits)} or more` : tier.fromUnits === tier.toUnits ? formatCount(tier.fromUnits) : `${formatCount(tier.fromUnits)}–${formatCount(tier.toUnits)}`;

/**
 * The tool page's price for a signed-in customer whose group prices it its own way (decision 059):
 * their unit price (without VAT for a group that shows prices so), their minimum, and the tiers as a
 * table. Read per customer (GET /api/my-prices), never from the public page's shared answer; a
 * customer at the list price sees nothing more than the page already says.
 */
export function YourPrices({ tool }: { tool: Pick<Tool, '_id' | 'price' | 'minimumOrderQuantity'> }) {
  const { user } = useSession();
  const prices = useMyPrices(user?.email ?? null, [tool._id]);
  const mine = prices.data?.tools[0];
  if (!prices.data || !mine) return null;
  const { group } = prices.data;
  const ownWay = mine.unitPrice !== tool.price || mine.minimumOrderQuantity !== tool.minimumOrderQuantity || mine.tiers.length > 1 || group.displayPricesWithoutVat;
  if (!ownWay) return null;
  const vatWords = group.displayPricesWithoutVat ? ' without VAT' : '';
  return (
    <section aria-label={`Your ${group.name} prices`} className="rounded-box border border-base-300 p-4">
      <p className="text-lg font-semibold">{unitPriceWords(tool.price, { displayedPrice: mine.displayedPrice, withoutVat: group.displayPricesWithoutVat, groupName: group.name })}</p>
      <p className="text-sm">{`Your minimum order quantity: ${formatCount(mine.minimumOrderQuantity)}`}</p>
      {mine.tiers.length > 1 && (
        <table className="table table-sm mt-2">
          <caption className="text-left text-sm font-medium">Price by quantity in one order</caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">Units</th>
              <th scope="col">{`Unit price${vatWords}`}</th>
            </tr>
          </thead>
          <tbody>
            {mine.tiers.map((tier) => (
              <tr key={tier.fromUnits}>
                <td>{unitsOf(tier)}</td>
                <td>{formatMoney(tier.displayedPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
