import type { Database } from '../db/client.ts';
import { carriers, cartLines, categories, categoryAttributes, toolSpecifications, coupons, deliveryPromotion, deliveryRates, orderEvents, orders, paymentIntents, queries, reviews, shipments, stockMovements, taxSettings, tools, userProfiles } from '../db/schema.ts';

/** Every row a refused request must leave alone, to compare before and after. */
export async function snapshotShop(db: Database) {
  const [orderRows, events, intents, toolRows, movements, reviewRows, profiles, queryRows, cartRows, couponRows, rates, promotion, tax, parcels, carrierRows, categoryRows, attributeRows, specificationRows] = await Promise.all([
    db.select().from(orders),
    db.select().from(orderEvents),
    db.select().from(paymentIntents),
    db.select().from(tools),
    db.select().from(stockMovements),
    db.select().from(reviews),
    db.select().from(userProfiles),
    db.select().from(queries),
    db.select().from(cartLines),
    db.select().from(coupons),
    db.select().from(deliveryRates).orderBy(deliveryRates.country),
    db.select().from(deliveryPromotion),
    db.select().from(taxSettings),
    db.select().from(shipments),
    db.select().from(carriers),
    db.select().from(categories),
    db.select().from(categoryAttributes),
    db.select().from(toolSpecifications),
  ]);
  const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
  return {
    orders: byId(orderRows),
    events: byId(events),
    intents: byId(intents),
    tools: byId(toolRows),
    stockMovements: byId(movements),
    reviews: byId(reviewRows),
    profiles: byId(profiles),
    queries: byId(queryRows),
    cartLines: [...cartRows].sort((a, b) => `${a.userId}/${a.toolId}`.localeCompare(`${b.userId}/${b.toolId}`)),
    coupons: byId(couponRows),
    deliveryRates: rates,
    deliveryPromotion: promotion,
    taxSettings: tax,
    shipments: byId(parcels),
    carriers: byId(carrierRows),
    categories: byId(categoryRows),
    categoryAttributes: byId(attributeRows),
    toolSpecifications: [...specificationRows].sort((a, b) => `${a.toolId}/${a.attributeId}`.localeCompare(`${b.toolId}/${b.attributeId}`)),
  };
}
