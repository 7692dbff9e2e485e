import { inArray, sql, type SQL } from 'drizzle-orm';
import { percentFromHundredths } from '@voltline/shared/money';
import { checkoutMessages } from '@voltline/shared/checkout';
import { REST_OF_WORLD } from '@voltline/shared/delivery-settings';
import { quoteOrder, type Quote, type QuoteRequest, type StoredPricing } from '@voltline/shared/pricing';
import type { DbExecutor } from '../db/client.ts';
import { deliveryRates } from '../db/schema.ts';
import { AppError } from '../platform/app-error.ts';
import { checkCouponUse, takeCouponUse } from './coupon-uses.ts';
import type { DeliverySettingsService } from './delivery-settings-service.ts';
import type { TaxSettingsService } from './tax-settings-service.ts';

/** How a buyer asked the order to be priced: where it goes, a coupon, their VAT id (all checked by the route's schema). */
export interface PricingChoices {
  country: string;
  couponCode?: string | undefined;
  vatId?: string | undefined;
}

/** A line to price: the tool's unit price as listed, in cents, its units and its own VAT rate (hundredths; null: standard). */
export interface LineToPrice {
  unitPriceCents: number;
  quantity: number;
  vatRateHundredths: number | null;
}


/**
 * Prices orders (issue 29, decision 036): reads the delivery rate of the destination and the delivery
 * promotion, checks or takes the coupon, and lets packages/shared's quoteOrder work out every
 * figure. A quote only checks the coupon; a placed order takes a use of it in its own transaction
 * (the lifecycle's placing calls `priceInTransaction`), so racing checkouts never use a code more
 * often than allowed.
 */
/** A delivery rate as read for an order: its country (or `*`) and amounts in cents. */
export interface DeliveryRateRow {
  country: string;
  chargeCents: number;
  freeFromCents: number | null;
}

/** The destination's rate, or the rest of the world's; a shop whose admin left no rate for it does not deliver there. */
function deliveryRateFrom(rows: readonly DeliveryRateRow[], country: string): DeliveryRateRow {
  const rate = rows.find((row) => row.country === country) ?? rows.find((row) => row.country === REST_OF_WORLD);
  if (!rate) throw new AppError('invalid_data', checkoutMessages.noDeliveryRate(country), 'no_delivery_rate');
  return rate;
}

/**
 * The rates that can apply to a destination (its own and the rest of the world's) as one JSON array of
 * DeliveryRateRow: a column of the statement that reads an order's tool (orders/lifecycle/place.ts).
 */
export const deliveryRatesColumn = (country: string): SQL => sql`(
  select coalesce(jsonb_agg(jsonb_build_object('country', rate.country, 'chargeCents', rate.charge_cents, 'freeFromCents', rate.free_from_cents)), '[]'::jsonb)
  from ${deliveryRates} rate where rate.country in (${country}, ${REST_OF_WORLD}))`;

/**
 * True while the rate these rows give a destination is still the one stored: the same charge and
 * free-from on the row used, and, when that was the rest of the world's, still no rate of the
 * destination's own. The statement placing an order priced from remembered rates checks it.
 */
export function deliveryRateUnchanged(country: string, rows: readonly DeliveryRateRow[]): SQL {
  const used = deliveryRateFrom(rows, country);
  return sql`exists (select 1 from ${deliveryRates} rate where rate.country = ${used.country} and rate.charge_cents = ${used.chargeCents}::int
                       and rate.free_from_cents is not distinct from ${used.freeFromCents}::int)
    and (${used.country}::text <> ${REST_OF_WORLD} or not exists (select 1 from ${deliveryRates} rate where rate.country = ${country}))`;
}

/** `couponHoldMinutes`: how long an unpaid order holds the use of a coupon it took (COUPON_HOLD_MINUTES, decision 039). */
export function createOrderPricer(tax: Pick<TaxSettingsService, 'current'>, deliverySettings: DeliverySettingsService, couponHoldMinutes: number) {
  async function deliveryRateFor(executor: DbExecutor, country: string) {
    return deliveryRateFrom(await executor.select().from(deliveryRates).where(inArray(deliveryRates.country, [country, REST_OF_WORLD])), country);
  }

  const listedSubtotal = (lines: readonly LineToPrice[]) => lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);

  function quote(lines: readonly LineToPrice[], choices: PricingChoices, settings: Pick<QuoteRequest, 'delivery' | 'deliveryPromotion' | 'vatSettings'>, coupon: QuoteRequest['coupon'], now: Date): Quote {
    return quoteOrder({
      lines: lines.map((line) => ({ unitPriceCents: line.unitPriceCents, quantity: line.quantity, vatRate: line.vatRateHundredths === null ? null : percentFromHundredths(line.vatRateHundredths) })),
      country: choices.country,
      ...settings,
      coupon,
      buyerVatId: choices.vatId ?? null,
      now,
    });
  }

  const asCoupon = (found: { percentOff: number | null; amountOffCents: number | null }): QuoteRequest['coupon'] =>
    found.percentOff !== null ? { percentOff: found.percentOff } : { amountOffCents: found.amountOffCents ?? 0 };

  /** The promotion as visitors see it now and the shop's tax settings, as quoteOrder takes them (both kept in memory). */
  async function settingsNow(now: Date): Promise<Pick<QuoteRequest, 'deliveryPromotion' | 'vatSettings'>> {
    const [promotion, vat] = await Promise.all([deliverySettings.currentPromotion(now), tax.current()]);
    return {
      deliveryPromotion: { percentOff: promotion.percentOff, active: promotion.active, until: promotion.until ? new Date(promotion.until) : null },
      vatSettings: { shopCountry: vat.country, standardRate: vat.standardRate, pricesIncludeVat: vat.pricesIncludeVat },
    };
  }

  return {
    /** POST /checkout/quote: what the order would cost now. Refuses an unusable coupon in words. */
    async quote(executor: DbExecutor, lines: readonly LineToPrice[], choices: PricingChoices, customerId: string, now = new Date()): Promise<Quote> {
      const settings = await settingsNow(now);
      const delivery = await deliveryRateFor(executor, choices.country);
      const coupon = choices.couponCode ? asCoupon(await checkCouponUse(executor, choices.couponCode, customerId, listedSubtotal(lines), now)) : null;
      return quote(lines, choices, { delivery, ...settings }, coupon, now);
    },

    /**
     * Before an order's transaction: what is read outside it (the promotion is kept in memory and,
     * on the embedded database, must not be read while a transaction holds the one connection).
     * Then, in the transaction, the order's pricing with a use of its coupon taken.
     */
    async prepare(choices: PricingChoices, now = new Date()) {
      const settings = await settingsNow(now);
      return async (tx: DbExecutor, lines: readonly LineToPrice[], customerId: string): Promise<StoredPricing> => {
        const delivery = await deliveryRateFor(tx, choices.country);
        const heldUntil = new Date(now.getTime() + couponHoldMinutes * 60_000);
        const use = choices.couponCode ? await takeCouponUse(tx, choices.couponCode, customerId, listedSubtotal(lines), heldUntil, now) : null;
        return {
          country: choices.country,
          couponCode: use?.code ?? null,
          couponUseId: use?.useId ?? null,
          vatId: choices.vatId ?? null,
          quote: quote(lines, choices, { delivery, ...settings }, use && asCoupon(use), now),
        };
      };
    },

    /**
     * An order without a coupon, from the rates read with its tool (deliveryRatesColumn): it takes
     * nothing, so it needs no transaction of its own.
     */
    async priceWithoutCoupon(lines: readonly LineToPrice[], choices: PricingChoices, rates: readonly DeliveryRateRow[], now = new Date()): Promise<StoredPricing> {
      const settings = await settingsNow(now);
      const delivery = deliveryRateFrom(rates, choices.country);
      return { country: choices.country, couponCode: null, couponUseId: null, vatId: choices.vatId ?? null, quote: quote(lines, choices, { delivery, ...settings }, null, now) };
    },
  };
}
export type OrderPricer = ReturnType<typeof createOrderPricer>;
