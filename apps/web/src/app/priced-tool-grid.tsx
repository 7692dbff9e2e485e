import { ToolGrid, type ToolGridProps } from '../features/catalogue/components/tool-grid.tsx';
import { useCustomerPrices } from '../features/pricing/hooks/use-customer-prices.ts';

/**
 * The catalogue's grid with the signed-in customer's own prices on its cards (issue 39, part 2;
 * decision 072): the tools come from the public, shared answer at list prices, and their prices for
 * this customer from GET /api/my-prices once it has loaded. Here because the routes compose the
 * catalogue and pricing areas, which do not import each other.
 */
export function PricedToolGrid(props: ToolGridProps) {
  const prices = useCustomerPrices(props.tools.map((tool) => tool._id));
  return <ToolGrid {...props} prices={prices} />;
}
