import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { orders, shopState } from '../db/schema.ts';
import { ConfigurationError } from '../platform/configuration-error.ts';

const CURRENCY_KEY = 'shop_currency';
/** Every shop sold in dollars before SHOP_CURRENCY existed. */
const CURRENCY_BEFORE_THE_SETTING = 'USD';

/**
 * One currency per shop (decision 067): amounts are kept as cents with no currency beside them, so a
 * shop keeps the currency it first sold in. The first start records SHOP_CURRENCY (a shop that has
 * orders already sold in dollars, the only currency before the setting); a later start with another
 * currency is refused in words rather than relabel every order, invoice, credit note and day total.
 */
export async function keepShopCurrency(db: Database, currency: string): Promise<void> {
  const [kept] = await db.select({ value: shopState.value }).from(shopState).where(eq(shopState.key, CURRENCY_KEY));
  let recorded = kept?.value;
  if (recorded === undefined) {
    const [anOrder] = await db.select({ id: orders.id }).from(orders).limit(1);
    await db
      .insert(shopState)
      .values({ key: CURRENCY_KEY, value: anOrder ? CURRENCY_BEFORE_THE_SETTING : currency })
      .onConflictDoNothing();
    [{ value: recorded }] = (await db.select({ value: shopState.value }).from(shopState).where(eq(shopState.key, CURRENCY_KEY))) as [{ value: string }];
  }
  if (recorded !== currency) {
    throw new ConfigurationError(
      `SHOP_CURRENCY is ${currency}, but this shop sells in ${recorded}: its orders, invoices and totals are amounts in ${recorded}. A shop has one currency (decision 067): set SHOP_CURRENCY=${recorded}, or open a new shop to sell in ${currency}.`,
    );
  }
}
