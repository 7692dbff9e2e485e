import { and, count, eq, inArray, or } from 'drizzle-orm';
import { checkoutMessages, type CheckoutQuote } from '@voltline/shared/checkout';
import { orderDestination, type DeliveryAddress } from '@voltline/shared/delivery-address';
import { fromCents, toCents } from '@voltline/shared/money';
import type { PaymentMethod } from '@voltline/shared/on-account';
import type { Database, DbTransaction } from '../db/client.ts';
import { cartLines, tools } from '../db/schema.ts';
import { linesWithinStock, orderableUnitsSql, pastOnePayment, type OrderLifecycle } from '../orders/lifecycle/index.ts';
import { quoteFigures } from '../orders/order-dto.ts';
import { AppError } from '../platform/app-error.ts';
import type { OrderPricer, PricingChoices } from '../pricing/order-pricing.ts';
import { groupPricedLines, readGroupPrices, withGroupMinimum } from '../pricing/group-prices.ts';
import type { CartService } from './cart-service.ts';

type Caller = { userId: string; email: string; name: string };
type Line = { toolId: string; quantity: number };

/**
 * The checkout (issues 28 and 29): the caller's cart, or the purchase page's one tool, priced by the
 * order pricer and placed as one order by the lifecycle, which empties the cart in the order's own
 * transaction.
 */
export function createCheckoutService({ db, cart, pricer, lifecycle }: { db: Database; cart: CartService; pricer: OrderPricer; lifecycle: OrderLifecycle }) {
  /** The cart's lines, refused in words when it is empty or a line cannot be ordered as it stands. */
  async function orderableCart(userId: string): Promise<Line[]> {
    const { lines } = await cart.cart(userId);
    if (lines.length === 0) throw new AppError('conflict', checkoutMessages.emptyCart, 'cart_empty');
    if (lines.some((line) => line.problem !== null)) throw new AppError('conflict', checkoutMessages.blockedCart, 'cart_blocked');
    return lines.map(({ toolId, quantity }) => ({ toolId, quantity }));
  }

  return {
    /** What the cart (or the lines given) would cost delivered to `country`, with the coupon and VAT id given. */
    async quote(userId: string, request: PricingChoices & { lines?: Line[] | undefined }): Promise<CheckoutQuote> {
      const lines = request.lines ?? (await orderableCart(userId));
      const found = await db
        .select({
          id: tools.id,
          name: tools.toolName,
          priceCents: tools.priceCents,
          vatRateHundredths: tools.vatRateHundredths,
          minimum: tools.minimumOrderQuantity,
          orderable: orderableUnitsSql,
        })
        .from(tools)
        .where(inArray(tools.id, lines.map((line) => line.toolId)));
      // Lines given by the caller (the purchase page's quantity as typed): what placing them would
      // refuse (below the minimum, more than can be ordered) is refused in its words before pricing.
      // Priced at the caller's group prices, as placing prices them (pricing/group-prices.ts).
      const groupPrices = await readGroupPrices(db, userId, [...new Set(found.map((tool) => tool.id))]);
      const { lines: priced } = groupPricedLines(linesWithinStock(lines, withGroupMinimum(found, groupPrices)), groupPrices);
      const goods = priced.map(({ unitPriceCents, quantity }) => ({ quantity, unitPriceCents }));
      const pastPaymentGoods = pastOnePayment(goods, goods.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0));
      if (pastPaymentGoods) throw pastPaymentGoods;
      const { quote, buyer } = await pricer.quote(
        db,
        priced.map(({ tool, quantity, unitPriceCents }) => ({ unitPriceCents, quantity, vatRateHundredths: tool.vatRateHundredths })),
        request,
        userId,
      );
      // What checking out would refuse, the quote refuses in the same words.
      const refused = pastOnePayment(goods, quote.total);
      if (refused) throw refused;
      return {
        ...quoteFigures(quote),
        vatId: buyer.vatId,
        vatIdNote: buyer.vatIdNote,
        priceGroup: groupPrices.group.key,
        lines: priced.map(({ tool, quantity }, index) => ({
          toolId: tool.id,
          product: tool.name,
          quantity,
          unitPrice: fromCents(quote.lines[index]!.unitPrice),
          lineTotal: fromCents(quote.lines[index]!.lineTotal),
        })),
      };
    },

    /**
     * The caller's cart becomes one unpaid order. The lines ordered leave the cart in the order's
     * transaction: a second checkout of the same cart racing this one finds it emptied and places
     * nothing. The cart is read before that transaction, so only the lines as read are taken out: a
     * line another tab added meanwhile stays in the cart, and a line changed meanwhile refuses the
     * checkout, as the order would not be the cart the buyer confirmed.
     */
    async checkout(
      caller: Caller,
      request: PricingChoices & { phone: string; address?: string | undefined; quotedTotal?: number | undefined } & Partial<Omit<DeliveryAddress, 'country'>> & {
          paymentMethod?: PaymentMethod;
          purchaseOrderNumber?: string | undefined;
        },
    ) {
      const lines = await orderableCart(caller.userId);
      const emptyCart = async (tx: DbTransaction) => {
        const ordered = or(...lines.map((line) => and(eq(cartLines.toolId, line.toolId), eq(cartLines.quantity, line.quantity))));
        const emptied = await tx.delete(cartLines).where(and(eq(cartLines.userId, caller.userId), ordered)).returning({ toolId: cartLines.toolId });
        if (emptied.length === lines.length) return;
        const [left] = await tx.select({ lines: count() }).from(cartLines).where(eq(cartLines.userId, caller.userId));
        if (emptied.length === 0 && left?.lines === 0) throw new AppError('conflict', checkoutMessages.emptyCart, 'cart_empty');
        throw new AppError('conflict', checkoutMessages.cartChanged, 'cart_changed');
      };
      return lifecycle.placeLines(
        caller,
        {
          lines,
          phone: request.phone,
          ...orderDestination(request, request.country),
          pricing: { country: request.country, couponCode: request.couponCode, vatId: request.vatId },
          payment: { method: request.paymentMethod ?? 'card', purchaseOrderNumber: request.purchaseOrderNumber },
          quotedTotalCents: request.quotedTotal === undefined ? undefined : toCents(request.quotedTotal),
        },
        new Date(),
        emptyCart,
      );
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;
