import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { accountErasures, apiKeys, auditEntries, businessAccounts, carriers, cartLines, categories, categoryAttributes, coupons, customerGroupMembers, customerGroups, deliveryPromotion, deliveryRates, groupToolPrices, orderEvents, orders, paymentIntents, queries, returnLines, returns, reviews, shipments, stockMovements, taxSettings, toolAccessories, toolFamilies, toolFamilyMembers, toolPictures, toolSpecifications, tools, userProfiles, vatChecks } from '../db/schema.ts';

/** The tables a refused request must leave alone, by the names a snapshot's keys take. */
const WATCHED: Record<string, PgTable> = { orders, orderEvents, paymentIntents, tools, stockMovements, reviews, userProfiles, queries, cartLines, coupons, deliveryRates, deliveryPromotion, taxSettings, shipments, carriers, returns, returnLines, categories, categoryAttributes, toolSpecifications, toolFamilies, toolFamilyMembers, toolAccessories, businessAccounts, vatChecks, toolPictures, customerGroups, groupToolPrices, customerGroupMembers, accountErasures, apiKeys, auditEntries };

/**
 * Every row a refused request must leave alone, to compare before and after: per table, its row
 * count and an md5 of all its rows as text, in a stable order. The database digests the rows
 * itself: reading them whole into JavaScript objects and comparing those was most of the
 * authorization matrix's time, and grew with every cell's fixtures. A changed digest names its table.
 */
export async function snapshotShop(db: Database): Promise<Record<string, { rows: number; digest: string }>> {
  const perTable: SQL[] = Object.entries(WATCHED).map(
    ([name, table]) =>
      sql`select ${name} as name, count(*)::int as rows, md5(coalesce(string_agg(r::text, E'\n' order by r::text), '')) as digest from ${sql.identifier(getTableName(table))} r`,
  );
  const result = await db.execute(sql.join(perTable, sql` union all `));
  // Both drivers answer { rows }; drizzle's PgDatabase leaves the driver's result type open.
  const digests = (result as unknown as { rows: { name: string; rows: number; digest: string }[] }).rows;
  return Object.fromEntries(digests.map(({ name, rows, digest }) => [name, { rows: Number(rows), digest }]));
}
