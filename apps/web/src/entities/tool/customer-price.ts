import { formatMoney } from '@voltline/shared/money';

/*
 * A tool's price as the signed-in customer pays it (issue 39, part 2; decision 072). The public
 * catalogue answers are everyone's list prices (cached and shared); features/pricing reads the
 * caller's own unit prices (GET /api/my-prices) and the cards and the purchase page overlay them
 * with these. The cart's lines and totals come worked out from GET /api/cart (its `customerPrice`):
 * the pages never work out money themselves (issue 44).
 */

/** One tool's unit price for one customer, at its minimum order. */
export interface CustomerPrice {
  /** What a unit costs them, as checkout charges it. */
  unitPrice: number;
  /** The unit price as they see it: without VAT for a group that shows prices so. */
  displayedPrice: number;
  withoutVat: boolean;
  /** Their group's name ("Trade"), for the words "Your Trade price". */
  groupName: string;
}

/** The signed-in customer's prices of the tools a page shows; nothing for a visitor, or while they load. */
export interface CustomerPrices {
  /** The tool's unit price at its minimum order, or undefined where the customer pays the list price as the page already shows it. */
  priceOf: (toolId: string) => CustomerPrice | undefined;
}

/** No prices of the customer's own: every page shows the list prices. */
export const LIST_PRICES: CustomerPrices = { priceOf: () => undefined };

/** An amount as the customer's prices are said: "$67.23 without VAT" for a group that shows prices without VAT. */
export const customerAmount = (amount: number, withoutVat: boolean) => `${formatMoney(amount)}${withoutVat ? ' without VAT' : ''}`;

/** A tool's unit price line: "Unit price: $99.99", or the customer's own, "Your Trade price: $67.23 without VAT". */
export function unitPriceWords(listPrice: number, price: Pick<CustomerPrice, 'displayedPrice' | 'withoutVat' | 'groupName'> | undefined): string {
  return price ? `Your ${price.groupName} price: ${customerAmount(price.displayedPrice, price.withoutVat)}` : `Unit price: ${formatMoney(listPrice)}`;
}
