import { inArray, sql, type SQL } from 'drizzle-orm';
import { percentFromHundredths } from '@voltline/shared/money';
import { checkoutMessages } from '@voltline/shared/checkout';
import { REST_OF_WORLD } from '@voltline/shared/delivery-settings';
import { quoteOrder, type Quote, type QuoteRequest, type StoredPricing } from '@voltline/shared/pricing';
import type { DbExecutor } from '../db/client.ts';
import { buyerVatOf, NO_BUYER_VAT, type BuyerVat, type VatIdRegister } from './buyer-vat.ts';
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

/**
 * `couponHoldMinutes`: how long an unpaid order holds the use of a coupon it took (COUPON_HOLD_MINUTES,
 * decision 039); `vatIds`: what the shop knows of buyers' VAT ids (reverse charge only with a checked
 * id, decision 055).
 */
export function createOrderPricer(tax: Pick<TaxSettingsService, 'current'>, deliverySettings: DeliverySettingsService, couponHoldMinutes: number, vatIds: VatIdRegister) {
  async function deliveryRateFor(executor: DbExecutor, country: string) {
    return deliveryRateFrom(await executor.select().from(deliveryRates).where(inArray(deliveryRates.country, [country, REST_OF_WORLD])), country);
  }

  const listedSubtotal = (lines: readonly LineToPrice[]) => lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);

  /** Priced on the buyer's VAT id only when it may be a reverse charge's (buyerVatOf): else as no id. */
  function quote(lines: readonly LineToPrice[], choices: PricingChoices, buyer: BuyerVat, settings: Pick<QuoteRequest, 'delivery' | 'deliveryPromotion' | 'vatSettings'>, coupon: QuoteRequest['coupon'], now: Date): Quote {
    return quoteOrder({
      lines: lines.map((line) => ({ unitPriceCents: line.unitPriceCents, quantity: line.quantity, vatRate: line.vatRateHundredths === null ? null : percentFromHundredths(line.vatRateHundredths) })),
      country: choices.country,
      ...settings,
      coupon,
      buyerVatId: buyer.vatIdNote === null ? buyer.vatId : null,
      now,
    });
  }

  /** The buyer's VAT id and what allows its reverse charge, read (and, when needed, checked) before any transaction. */
  async function buyerVat(executor: DbExecutor, choices: PricingChoices, customerId: string, settings: Pick<QuoteRequest, 'vatSettings'>, now: Date): Promise<BuyerVat> {
    const standing = await vatIds.standing(executor, customerId, choices.vatId, now);
    return buyerVatOf(vatIds, standing, { settings: settings.vatSettings, country: choices.country, now });
  }

  /** How an order keeps its pricing: the choices, the buyer's VAT id with its evidence and company, the quote. */
  const stored = (choices: PricingChoices, buyer: BuyerVat, coupon: { code: string; useId: string } | null, figures: Quote): StoredPricing => ({
    country: choices.country,
    couponCode: coupon?.code ?? null,
    couponUseId: coupon?.useId ?? null,
    vatId: buyer.vatId,
    vatIdEvidence: buyer.evidence,
    business: buyer.business,
    quote: figures,
  });

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
    /** POST /checkout/quote: what the order would cost now, and why VAT is charged on a VAT id. Refuses an unusable coupon in words. */
    async quote(executor: DbExecutor, lines: readonly LineToPrice[], choices: PricingChoices, customerId: string, now = new Date()): Promise<{ quote: Quote; buyer: BuyerVat }> {
      const settings = await settingsNow(now);
      const buyer = await buyerVat(executor, choices, customerId, settings, now);
      const delivery = await deliveryRateFor(executor, choices.country);
      const coupon = choices.couponCode ? asCoupon(await checkCouponUse(executor, choices.couponCode, customerId, listedSubtotal(lines), now)) : null;
      return { quote: quote(lines, choices, buyer, { delivery, ...settings }, coupon, now), buyer };
    },


    /**
     * Before an order's transaction: what is read outside it (the promotion is kept in memory and,
     * on the embedded database, must not be read while a transaction holds the one connection).
     * Then, in the transaction, the order's pricing with a use of its coupon taken.
     */
    async prepare(executor: DbExecutor, choices: PricingChoices, customerId: string, now = new Date()) {
      const settings = await settingsNow(now);
      // The VAT id's check may wait for VIES: never inside the order's transaction.
      const buyer = await buyerVat(executor, choices, customerId, settings, now);
      return async (tx: DbExecutor, lines: readonly LineToPrice[]): Promise<StoredPricing> => {
        const delivery = await deliveryRateFor(tx, choices.country);
        const heldUntil = new Date(now.getTime() + couponHoldMinutes * 60_000);
        const use = choices.couponCode ? await takeCouponUse(tx, choices.couponCode, customerId, listedSubtotal(lines), heldUntil, now) : null;
        return stored(choices, buyer, use, quote(lines, choices, buyer, { delivery, ...settings }, use && asCoupon(use), now));
      };
    },

    /**
     * An order without a coupon, VAT id or business account (whose statement holds
     * withoutBusinessAccount), from the rates read with its tool (deliveryRatesColumn): it takes
     * nothing, so it needs no transaction of its own.
     */
    async priceWithoutCoupon(lines: readonly LineToPrice[], choices: PricingChoices, rates: readonly DeliveryRateRow[], now = new Date()): Promise<StoredPricing> {
      const settings = await settingsNow(now);
      const delivery = deliveryRateFrom(rates, choices.country);
      return stored(choices, NO_BUYER_VAT, null, quote(lines, choices, NO_BUYER_VAT, { delivery, ...settings }, null, now));
    },
  };
}
export type OrderPricer = ReturnType<typeof createOrderPricer>;
