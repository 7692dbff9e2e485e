import { assertWholeCents, percentInHundredths, percentOfCents, scaleRoundingHalfUp, spreadByLargestRemainder } from './money.ts';
import type { BusinessBuyer } from './business-accounts.ts';
import type { VatIdEvidence } from './vat-checks.ts';
import { isEuMemberState, memberStateOfVatId } from './vat-id.ts';

/*
 * What an order costs (issue 29, decision 035): the one place that turns a cart, the shop's VAT
 * settings, a destination, a delivery rate, the delivery promotion and a coupon into the figures an
 * order stores, an invoice prints and the gateway charges. Pure and in integer cents: the checkout's
 * quote, the placed order and the property test all call this function, so they cannot disagree.
 * No zod and no I/O: the caller has read the settings, checked the coupon's dates and uses, and
 * checked the VAT id's format.
 */

interface CartLine {
  /** As the shop lists it: with VAT in it when the shop's prices include VAT. */
  unitPriceCents: number;
  quantity: number;
  /** A reduced or zero rate in percent; null: the shop's standard rate. */
  vatRate: number | null;
}

export interface ShopVatSettings {
  /** SHOP_COUNTRY (ISO 3166-1 alpha-2). */
  shopCountry: string;
  /** SHOP_VAT_RATE in percent; 0: the shop charges no VAT at all (its invoices say SHOP_VAT_NOTE). */
  standardRate: number;
  /** SHOP_PRICES_INCLUDE_VAT: prices as entered include VAT; false adds it on top. */
  pricesIncludeVat: boolean;
}

interface DeliveryRate {
  chargeCents: number;
  /** Free delivery from this subtotal (the goods at the shop's listed prices); null: never free. */
  freeFromCents: number | null;
}

/** The banner's promise: a share off the delivery charge. The shop runs one at most. */
interface DeliveryPromotion {
  percentOff: number;
  active: boolean;
  /** The promotion's last moment (exclusive); null: until ended. */
  until: Date | null;
}

/** A coupon the caller found valid for today and not used up; its minimum is checked here. */
type Coupon = ({ percentOff: number } | { amountOffCents: number }) & { minSubtotalCents?: number | null };

export interface QuoteRequest {
  lines: readonly CartLine[];
  vatSettings: ShopVatSettings;
  /** Where the order goes (ISO code). */
  country: string;
  delivery: DeliveryRate;
  deliveryPromotion: DeliveryPromotion | null;
  coupon: Coupon | null;
  /** The buyer's VAT id, normalised and in its state's format (vat-id.ts), or null. */
  buyerVatId: string | null;
  now: Date;
}

/**
 * - domestic: the shop's rates apply (a consumer anywhere in the EU, a business at home);
 * - reverse-charge: an EU business in another member state accounts for the VAT itself;
 * - export: the goods leave the EU (or, for a shop outside it, the shop's country): no VAT;
 * - none: the shop charges no VAT (standard rate 0, e.g. a small-business exemption).
 */
type VatTreatment = 'domestic' | 'reverse-charge' | 'export' | 'none';

/** All amounts in cents. `discount` is the line's share of the coupon; net + vat = lineTotal - discount (+ vat when VAT is added on top). */
interface QuotedLine {
  unitPrice: number;
  quantity: number;
  /** The rate applied: 0 unless the treatment is domestic. */
  vatRate: number;
  lineTotal: number;
  discount: number;
  net: number;
  vat: number;
}

/** One rate's share of the order (art. 226 (8)-(10)): net + vat is the share of the total paid at that rate. */
export interface VatShare {
  rate: number;
  net: number;
  vat: number;
}

export interface Quote {
  vatTreatment: VatTreatment;
  /** The goods as quoted (net of VAT for an export or reverse charge when prices include VAT). */
  subtotal: number;
  deliveryCharge: number;
  deliveryDiscount: number;
  couponDiscount: number;
  /** A coupon was given but the goods are below its minimum: it takes nothing off, the caller words why. */
  couponBelowMinimum: boolean;
  /** VAT added on top of the prices (only when prices exclude VAT); 0 when it is in them. */
  addedVat: number;
  /** subtotal - couponDiscount + deliveryCharge - deliveryDiscount + addedVat: what the buyer pays. */
  total: number;
  /** Per rate, ascending; their net + vat add up to the total. */
  vat: VatShare[];
  lines: QuotedLine[];
  /** Delivery as an invoice line: taxed at the standard rate. */
  delivery: { vatRate: number; net: number; vat: number };
}

/** Which VAT an order carries: decided by the shop's settings, the destination and the buyer's VAT id. */
export function vatTreatmentOf(settings: ShopVatSettings, country: string, buyerVatId: string | null): VatTreatment {
  if (settings.standardRate === 0) return 'none';
  const shopInEu = isEuMemberState(settings.shopCountry);
  const withinShopsVatArea = shopInEu ? isEuMemberState(country) : country === settings.shopCountry;
  if (!withinShopsVatArea) return 'export';
  // An intra-Community supply to a business: the goods go to another member state and the buyer is
  // registered for VAT in a member state other than the shop's (art. 138).
  const buyersState = buyerVatId === null ? undefined : memberStateOfVatId(buyerVatId);
  if (shopInEu && buyersState !== undefined && buyersState !== settings.shopCountry && country !== settings.shopCountry) {
    return 'reverse-charge';
  }
  return 'domestic';
}

/** The price without the VAT in it: gross - round-half-up(gross x r / (100 + r)). Also what a group showing prices without VAT shows (decision 072). */
export function netOfGross(grossCents: number, rateHundredths: number): number {
  return grossCents - vatInGross(grossCents, rateHundredths);
}
function vatInGross(grossCents: number, rateHundredths: number): number {
  return scaleRoundingHalfUp(grossCents, rateHundredths, 10_000 + rateHundredths);
}
function vatOnNet(netCents: number, rateHundredths: number): number {
  return scaleRoundingHalfUp(netCents, rateHundredths, 10_000);
}

function assertCountry(country: string): void {
  if (!/^[A-Z]{2}$/.test(country)) throw new RangeError(`${country} is not an ISO country code`);
}
function assertAmount(cents: number): void {
  assertWholeCents(cents);
  if (cents < 0) throw new RangeError(`an amount cannot be negative (${cents})`);
}

/** Something taxed: a line's goods after its discount, or the delivery after its discount. */
interface Taxable {
  rate: number;
  amount: number;
}

/**
 * Per rate: the amounts taxed at it add up to its share; its VAT is rounded once, on that share
 * (never per line, which drifts: medusa#14818), and spread back over the items by largest
 * remainder so that lines and delivery show VAT that adds up to the rate's.
 */
function taxPerRate(items: readonly Taxable[], pricesIncludeVat: boolean) {
  const rates = [...new Set(items.map((item) => item.rate))].sort((a, b) => a - b);
  const itemVat = new Array<number>(items.length).fill(0);
  const shares: VatShare[] = rates.map((rate) => {
    const members = items.flatMap((item, index) => (item.rate === rate ? [index] : []));
    const amount = members.reduce((sum, index) => sum + items[index].amount, 0);
    const hundredths = percentInHundredths(rate);
    const vat = pricesIncludeVat ? vatInGross(amount, hundredths) : vatOnNet(amount, hundredths);
    const spread = spreadByLargestRemainder(vat, members.map((index) => items[index].amount));
    members.forEach((index, position) => (itemVat[index] = spread[position]));
    return { rate, net: pricesIncludeVat ? amount - vat : amount, vat };
  });
  return { shares, itemVat };
}

/**
 * The coupon lowers each rate's goods in proportion, then each line of a rate in proportion to its
 * line total, both by largest remainder: the discounts add up to the coupon to the cent.
 */
function spreadCoupon(couponDiscount: number, lines: readonly { vatRate: number; lineTotal: number }[]): number[] {
  const rates = [...new Set(lines.map((line) => line.vatRate))];
  const goodsOfRate = rates.map((rate) => lines.reduce((sum, line) => sum + (line.vatRate === rate ? line.lineTotal : 0), 0));
  const couponOfRate = spreadByLargestRemainder(couponDiscount, goodsOfRate);
  const discounts = new Array<number>(lines.length).fill(0);
  rates.forEach((rate, rateIndex) => {
    const members = lines.flatMap((line, index) => (line.vatRate === rate ? [index] : []));
    const spread = spreadByLargestRemainder(couponOfRate[rateIndex], members.map((index) => lines[index].lineTotal));
    members.forEach((index, position) => (discounts[index] = spread[position]));
  });
  return discounts;
}

function promotionRuns(promotion: DeliveryPromotion | null, now: Date): promotion is DeliveryPromotion {
  return promotion !== null && promotion.active && (promotion.until === null || now < promotion.until);
}

/** What an order costs, to the cent. Throws RangeError only on input no route lets through. */
export function quoteOrder(request: QuoteRequest): Quote {
  const { vatSettings: settings, delivery, coupon, now } = request;
  assertCountry(settings.shopCountry);
  assertCountry(request.country);
  const vatTreatment = vatTreatmentOf(settings, request.country, request.buyerVatId);
  const chargesVat = vatTreatment === 'domestic';
  // An export or a reverse charge pays the shop's prices net of the VAT in them (decision 035): unit
  // prices and the delivery charge are netted at their rate before anything else is worked out.
  const netsPrices = (vatTreatment === 'export' || vatTreatment === 'reverse-charge') && settings.pricesIncludeVat;
  const asQuoted = (cents: number, rate: number) => (netsPrices ? netOfGross(cents, percentInHundredths(rate)) : cents);

  let listedSubtotal = 0;
  const priced = request.lines.map((line) => {
    assertAmount(line.unitPriceCents);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new RangeError(`${line.quantity} is not a quantity`);
    const rate = line.vatRate ?? settings.standardRate;
    const unitPrice = asQuoted(line.unitPriceCents, rate);
    const lineTotal = unitPrice * line.quantity;
    assertWholeCents(lineTotal);
    listedSubtotal += line.unitPriceCents * line.quantity;
    return { unitPrice, quantity: line.quantity, vatRate: chargesVat ? rate : 0, lineTotal };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.lineTotal, 0);
  assertWholeCents(subtotal);

  // Thresholds compare with the goods at the prices the shop lists, so a buyer abroad reaches them
  // with the same cart as a buyer at home.
  const couponBelowMinimum = coupon !== null && listedSubtotal < (coupon.minSubtotalCents ?? 0);
  let couponDiscount = 0;
  if (coupon !== null && !couponBelowMinimum) {
    // Off the goods, never more than the goods (the delivery is not the coupon's).
    couponDiscount = 'percentOff' in coupon ? percentOfCents(subtotal, coupon.percentOff) : Math.min(coupon.amountOffCents, subtotal);
    assertAmount(couponDiscount);
  }
  const discounts = spreadCoupon(couponDiscount, priced);

  assertAmount(delivery.chargeCents);
  const deliveredFree = delivery.freeFromCents !== null && listedSubtotal >= delivery.freeFromCents;
  const deliveryCharge = deliveredFree ? 0 : asQuoted(delivery.chargeCents, settings.standardRate);
  // One promotion, a share of the charge at most all of it: delivery never goes below zero (vendure#3140).
  const deliveryDiscount = promotionRuns(request.deliveryPromotion, now)
    ? Math.min(deliveryCharge, percentOfCents(deliveryCharge, request.deliveryPromotion.percentOff))
    : 0;

  const deliveryRate = chargesVat ? settings.standardRate : 0;
  const taxed: Taxable[] = priced.map((line, index) => ({ rate: line.vatRate, amount: line.lineTotal - discounts[index] }));
  const deliveryAmount = deliveryCharge - deliveryDiscount;
  // Delivery is a taxed item when it costs something, or when its rate is there anyway.
  const deliveryTaxed = deliveryAmount > 0 || taxed.length === 0 || taxed.some((item) => item.rate === deliveryRate);
  if (deliveryTaxed) taxed.push({ rate: deliveryRate, amount: deliveryAmount });
  const { shares, itemVat } = taxPerRate(taxed, settings.pricesIncludeVat);

  const netAndVat = (amount: number, vat: number) => ({ net: settings.pricesIncludeVat ? amount - vat : amount, vat });
  const lines = priced.map((line, index) => ({
    ...line,
    discount: discounts[index],
    ...netAndVat(taxed[index].amount, itemVat[index]),
  }));
  const deliveryVat = deliveryTaxed ? itemVat[taxed.length - 1] : 0;

  const addedVat = settings.pricesIncludeVat ? 0 : shares.reduce((sum, share) => sum + share.vat, 0);
  return {
    vatTreatment,
    subtotal,
    deliveryCharge,
    deliveryDiscount,
    couponDiscount,
    couponBelowMinimum,
    addedVat,
    total: subtotal - couponDiscount + deliveryCharge - deliveryDiscount + addedVat,
    vat: shares,
    lines,
    delivery: { vatRate: deliveryRate, ...netAndVat(deliveryAmount, deliveryVat) },
  };
}

/** What the gateway (builtin or Stripe) charges for an order: its total, to the cent. */
export function amountToCharge(quote: Pick<Quote, 'total'>): number {
  return quote.total;
}

/**
 * How an order was priced at checkout, as the shop keeps it (orders.pricing): the buyer's choices
 * and the quote in cents, its lines in the order's line order. Invoices, credit notes and the VAT
 * report read it; a later change of rates, coupons or settings never changes it.
 */
export interface StoredPricing {
  country: string;
  couponCode: string | null;
  /** The coupon use the order took, given back if it is cancelled or expires unpaid. */
  couponUseId: string | null;
  vatId: string | null;
  /** What allowed the reverse charge on vatId (a VIES check, an admin's confirmation); absent on orders before issue 39. */
  vatIdEvidence?: VatIdEvidence | null;
  /** The approved business account the order was placed under: the invoice names the company. */
  business?: BusinessBuyer | null;
  /** The customer group it was priced for, and each line's list price (cents) and volume tier (decision 059); absent on orders before it. */
  priceGroup?: { key: string; lines: { listUnitPrice: number; tierFromUnits: number | null }[] } | null;
  quote: Quote;
}
