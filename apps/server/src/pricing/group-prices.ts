import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  customerGroupInputSchema,
  groupToolPriceInputSchema} from '@voltline/shared/customer-groups';
import {
  BUILT_IN_GROUPS,
  customerGroupMessages,
  groupBaseCents,
  groupRuleOf,
  groupUnitCents,
  RETAIL_GROUP,
  tieredUnitCents,
  TRADE_GROUP,
  type CustomerGroup,
  type CustomerGroupChange,
  type GroupMember,
  type GroupMemberInput,
  type GroupToolPrice,
  type GroupToolPriceRule,
  type MyPrices,
} from '@voltline/shared/customer-groups';
import { entityIdSchema } from '@voltline/shared/id';
import { fromCents, percentFromHundredths, percentInHundredths } from '@voltline/shared/money';
import { netOfGross } from '@voltline/shared/pricing';
import type { PageQuery } from '@voltline/shared/paging';
import type { CustomerLinePrice } from '@voltline/shared/cart-rules';
import type { TaxSettings } from '@voltline/shared/tax-settings';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../db/client.ts';
import { authUsers, businessAccounts, customerGroupMembers, customerGroups, groupToolPrices, tools } from '../db/schema.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import { mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';
import type { TaxSettingsService } from './tax-settings-service.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';

/*
 * The one owner of group prices (issue 39, part 2; decision 059): which group a customer is in, what
 * a tool costs them (packages/shared's groupUnitCents works it out), and the admins' price lists.
 * Orders (checkout's quote, orders/lifecycle/place.ts) read a group's prices of their tools here,
 * in the transaction that places them; public catalogue answers never do (they are cached for
 * everyone), so a group's prices reach a customer only through GET /api/my-prices and their own
 * cart (GET /api/cart, priced by cartLineForCaller).
 */

/** The group a customer is priced in: the one an admin put them in, else trade with an approved business account, else retail. */
const callerGroupKeySql = (customerId: string): SQL => sql`coalesce(
  (select member.group_key from ${customerGroupMembers} member where member.user_id = ${customerId}),
  case when exists (select 1 from ${businessAccounts} account where account.customer_id = ${customerId} and account.state = 'approved')
       then ${TRADE_GROUP} else ${RETAIL_GROUP} end)`;

/**
 * True while the list price is what the customer pays for the tool: no admin put them in a group and
 * retail prices the tool as listed. With withoutBusinessAccount, the condition of the one-tool
 * order's fast statement (orders/lifecycle/place.ts); otherwise it places the way every order does.
 */
/** What a one-tool order at the list price keeps (listPriceForCustomerSql held when it was placed). */
export const retailRecord = (listUnitPrice: number): PriceGroupRecord => ({ key: RETAIL_GROUP, lines: [{ listUnitPrice, tierFromUnits: null }] });

export const listPriceForCustomerSql = (customerId: string, toolId: SQL): SQL => sql`not exists (select 1 from ${customerGroupMembers} member where member.user_id = ${customerId})
  and not exists (select 1 from ${groupToolPrices} price where price.group_key = ${RETAIL_GROUP} and price.tool_id = ${toolId})`;

interface CallerGroup {
  key: string;
  name: string;
  displayPricesWithoutVat: boolean;
}

/** A group's prices of some tools, as one order or one page reads them. */
export interface GroupPrices {
  group: CallerGroup;
  rules: Map<string, GroupToolPriceRule>;
}

/** What the order keeps of its group's pricing (StoredPricing.priceGroup): the group, and each line's list price (cents) and tier. */
export interface PriceGroupRecord {
  key: string;
  lines: { listUnitPrice: number; tierFromUnits: number | null }[];
}

/** The caller's group and its prices of these tools: one statement, inside the order's transaction when it places one. */
export async function readGroupPrices(executor: DbExecutor, customerId: string, toolIds: readonly string[]): Promise<GroupPrices> {
  const result = await executor.execute(sql`
    select g.key, g.name, g.display_prices_without_vat as "displayPricesWithoutVat",
           coalesce((select jsonb_agg(jsonb_build_object('toolId', p.tool_id, 'priceCents', p.price_cents, 'percentOffHundredths', p.percent_off_hundredths,
                                                         'minimumOrderQuantity', p.minimum_order_quantity, 'tiers', p.tiers))
                     from ${groupToolPrices} p where p.group_key = g.key and p.tool_id = any(${`{${toolIds.join(',')}}`}::uuid[])), '[]'::jsonb) as rules
    from ${customerGroups} g where g.key = ${callerGroupKeySql(customerId)}`);
  const [row] = (result as unknown as { rows: (CallerGroup & { rules: (GroupToolPriceRule & { toolId: string })[] | string })[] }).rows;
  // The built-in groups are always there (migration 0043); a shop restored without them prices at list.
  if (!row) return { group: { key: RETAIL_GROUP, name: 'Retail', displayPricesWithoutVat: false }, rules: new Map() };
  const rules = typeof row.rules === 'string' ? (JSON.parse(row.rules) as (GroupToolPriceRule & { toolId: string })[]) : row.rules;
  return { group: { key: row.key, name: row.name, displayPricesWithoutVat: row.displayPricesWithoutVat }, rules: new Map(rules.map(({ toolId, ...rule }) => [toolId, rule])) };
}

/** The tools as the group orders them: its own minimum order quantity where it set one. */
export function withGroupMinimum<Tool extends { id: string; minimum: number }>(found: readonly Tool[], prices: GroupPrices): Tool[] {
  return found.map((tool) => ({ ...tool, minimum: prices.rules.get(tool.id)?.minimumOrderQuantity ?? tool.minimum }));
}

/**
 * Each line at the group's unit price for the units of its tool in the whole order (the tier those
 * units reach), with what the order keeps of it.
 */
export function groupPricedLines<Line extends { tool: { id: string; priceCents: number }; quantity: number }>(
  ordered: readonly Line[],
  prices: GroupPrices,
): { lines: (Line & { unitPriceCents: number })[]; record: PriceGroupRecord } {
  const units = new Map<string, number>();
  for (const line of ordered) units.set(line.tool.id, (units.get(line.tool.id) ?? 0) + line.quantity);
  const priced = ordered.map((line) => ({ line, ...groupUnitCents(line.tool.priceCents, prices.rules.get(line.tool.id), units.get(line.tool.id)!) }));
  return {
    lines: priced.map(({ line, unitCents }) => ({ ...line, unitPriceCents: unitCents })),
    record: {
      key: prices.group.key,
      lines: priced.map(({ line, tierFromUnits }) => ({ listUnitPrice: line.tool.priceCents, tierFromUnits })),
    },
  };
}

/** The VAT rate (hundredths) taken out of the prices a group's customer sees: a group showing prices without VAT in a shop whose prices include it; null when they see the prices charged. */
function displayedNetOf(group: CallerGroup, vat: Pick<TaxSettings, 'pricesIncludeVat' | 'standardRate'>, toolVatRateHundredths: number | null): number | null {
  if (!group.displayPricesWithoutVat || !vat.pricesIncludeVat) return null;
  return toolVatRateHundredths ?? percentInHundredths(vat.standardRate);
}

/** An amount as the customer sees it, the VAT taken out as the invoice takes it out (netOfGross), so a shown figure is the invoice's to the cent. */
const displayedCents = (cents: number, netOf: number | null) => (netOf === null ? cents : netOfGross(cents, netOf));

/** What a cart line keeps as the price it was added at: the caller's group price of the tool before tiers (tieredUnitCents puts the tier back as its units change). */
export const addedUnitCents = (prices: GroupPrices, tool: { id: string; priceCents: number }) => groupBaseCents(tool.priceCents, prices.rules.get(tool.id));

/**
 * A cart line at the caller's price, as checkout's quote will price it: the unit price of their
 * group at the tier the line's units reach (a cart holds one line per tool, so the line's units are
 * the tool's in the order, as groupPricedLines counts them) and the group's minimum. Where that is
 * not the list price as shown (the group's own price, or prices shown without VAT), the figures as
 * the customer sees them (decision 072, amended: the web shows them without arithmetic).
 * `addedCents`: what the line kept when added (addedUnitCents), at the same tier.
 */
export function cartLineForCaller(prices: GroupPrices, vat: Pick<TaxSettings, 'pricesIncludeVat' | 'standardRate'>, tool: CartToolPricing, units: number, addedCents: number) {
  const rule = prices.rules.get(tool.id);
  const unitCents = groupUnitCents(tool.priceCents, rule, units).unitCents;
  const added = tieredUnitCents(addedCents, rule, units).unitCents;
  const [ordered] = withGroupMinimum([tool], prices);
  const netOf = displayedNetOf(prices.group, vat, tool.vatRateHundredths);
  const customerPrice: CustomerLinePrice | undefined =
    unitCents === tool.priceCents && !prices.group.displayPricesWithoutVat
      ? undefined
      : {
          groupName: prices.group.name,
          withoutVat: prices.group.displayPricesWithoutVat,
          displayedPrice: fromCents(displayedCents(unitCents, netOf)),
          displayedAddedUnitPrice: fromCents(displayedCents(added, netOf)),
          displayedLineTotal: fromCents(displayedCents(unitCents * units, netOf)),
        };
  return { unitPrice: fromCents(unitCents), addedUnitPrice: fromCents(added), minimumOrderQuantity: ordered!.minimum, customerPrice };
}

/** A tool as cartLineForCaller prices it (cents, the tool's own minimum, its VAT rate or null for the standard one). */
export interface CartToolPricing {
  id: string;
  priceCents: number;
  minimum: number;
  vatRateHundredths: number | null;
}

const toolPriceOrder: KeysetOrder = { key: groupToolPrices.toolId, keyType: 'uuid', id: groupToolPrices.toolId, idType: 'uuid', direction: 'asc' };
const memberOrder: KeysetOrder = { key: customerGroupMembers.userId, keyType: 'text', id: customerGroupMembers.userId, idType: 'text', direction: 'asc' };

const toPriceDto = (row: typeof groupToolPrices.$inferSelect & { toolName: string; listPriceCents: number }): GroupToolPrice => ({
  toolId: row.toolId,
  toolName: row.toolName,
  listPrice: fromCents(row.listPriceCents),
  price: row.priceCents === null ? null : fromCents(row.priceCents),
  percentOff: row.percentOffHundredths === null ? null : percentFromHundredths(row.percentOffHundredths),
  minimumOrderQuantity: row.minimumOrderQuantity,
  tiers: row.tiers.map((tier) => ({ fromUnits: tier.fromUnits, percentOff: percentFromHundredths(tier.percentOffHundredths) })),
});

/** The admins' Customer groups page and the caller's own prices (GET /api/my-prices). */
/** A group's price of a tool as the audit log records it: the group and the rule, not the tool's name or list price. */
const priceAudited = (row: typeof groupToolPrices.$inferSelect) => {
  const { toolName: _name, listPrice: _list, toolId: _tool, ...rule } = toPriceDto({ ...row, toolName: '', listPriceCents: 0 });
  return { group: row.groupKey, ...rule };
};

export function createGroupPricesService(db: Database, paging: Paging, tax: Pick<TaxSettingsService, 'current'>) {
  async function groupRow(executor: DbExecutor, key: string) {
    const [row] = await executor.select().from(customerGroups).where(eq(customerGroups.key, key.toLowerCase()));
    if (!row) throw notFound(customerGroupMessages.notFound);
    return row;
  }

  async function groupDto(key: string): Promise<CustomerGroup> {
    const row = await groupRow(db, key);
    const [[prices], [members]] = await Promise.all([
      db.select({ n: count() }).from(groupToolPrices).where(eq(groupToolPrices.groupKey, row.key)),
      db.select({ n: count() }).from(customerGroupMembers).where(eq(customerGroupMembers.groupKey, row.key)),
    ]);
    return { key: row.key, name: row.name, displayPricesWithoutVat: row.displayPricesWithoutVat, builtIn: (BUILT_IN_GROUPS as readonly string[]).includes(row.key), toolPrices: prices?.n ?? 0, members: members?.n ?? 0 };
  }

  /** A group as the audit log records it. */
  const groupAudited = (row: typeof customerGroups.$inferSelect) => ({ name: row.name, displayPricesWithoutVat: row.displayPricesWithoutVat });

  return {
    /** Every group, built-in first then by code, with how many tools it prices and how many customers an admin put in it. */
    async groups(): Promise<CustomerGroup[]> {
      const rows = await db
        .select({
          key: customerGroups.key,
          name: customerGroups.name,
          displayPricesWithoutVat: customerGroups.displayPricesWithoutVat,
          toolPrices: sql<number>`(select count(*)::int from ${groupToolPrices} p where p.group_key = ${customerGroups.key})`,
          members: sql<number>`(select count(*)::int from ${customerGroupMembers} m where m.group_key = ${customerGroups.key})`,
        })
        .from(customerGroups)
        .orderBy(sql`${customerGroups.key} not in (${RETAIL_GROUP}, ${TRADE_GROUP})`, asc(customerGroups.key))
        .limit(GROUPS_MAX);
      return rows.map((row) => ({ ...row, builtIn: (BUILT_IN_GROUPS as readonly string[]).includes(row.key) }));
    },

    async create(admin: AuditActor, input: z.output<typeof customerGroupInputSchema>): Promise<CustomerGroup> {
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(customerGroups);
      if (n >= GROUPS_MAX) throw new AppError('conflict', `The shop holds at most ${GROUPS_MAX} customer groups`);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(customerGroups)
          .values({ key: input.key, name: input.name, displayPricesWithoutVat: input.displayPricesWithoutVat ?? false })
          .onConflictDoNothing({ target: customerGroups.key })
          .returning();
        if (!row) throw new AppError('conflict', customerGroupMessages.exists(input.key));
        await recordAudit(tx, { actor: admin, kind: 'customer_group', action: 'created', subject: row.key, before: null, after: groupAudited(row) });
      });
      return groupDto(input.key);
    },

    async change(admin: AuditActor, key: string, input: CustomerGroupChange): Promise<CustomerGroup> {
      const row = await groupRow(db, key);
      const changes = Object.fromEntries(Object.entries({ name: input.name, displayPricesWithoutVat: input.displayPricesWithoutVat }).filter(([, value]) => value !== undefined));
      if (Object.keys(changes).length > 0)
        await db.transaction(async (tx) => {
          const [before] = await tx.select().from(customerGroups).where(eq(customerGroups.key, row.key)).for('update');
          const [after] = await tx.update(customerGroups).set(changes).where(eq(customerGroups.key, row.key)).returning();
          await recordAudit(tx, { actor: admin, kind: 'customer_group', action: 'changed', subject: row.key, before: groupAudited(before!), after: groupAudited(after!) });
        });
      return groupDto(row.key);
    },

    /** A group's own prices, by tool id a page at a time. */
    async prices(key: string, query: PageQuery): Promise<Page<GroupToolPrice>> {
      const group = await groupRow(db, key);
      const page = paging.page({ list: 'group-tool-prices', order: toolPriceOrder, scope: { group: group.key }, query });
      const select = db
        .select({ price: groupToolPrices, toolName: tools.toolName, listPriceCents: tools.priceCents, cursorKey: page.cursorKey })
        .from(groupToolPrices)
        .innerJoin(tools, eq(tools.id, groupToolPrices.toolId))
        .$dynamic();
      const found = await page.read(select, eq(groupToolPrices.groupKey, group.key), (row) => row.price.toolId);
      return mapPage(found, (row) => toPriceDto({ ...row.price, toolName: row.toolName, listPriceCents: row.listPriceCents }));
    },

    /** Sets the group's price of a tool. An order placed after it is priced so; a quote before it no longer matches, and its checkout is refused in words. */
    async setPrice(admin: AuditActor, key: string, toolId: string, input: z.output<typeof groupToolPriceInputSchema>): Promise<GroupToolPrice> {
      const group = await groupRow(db, key);
      const id = entityIdSchema.safeParse(toolId);
      const [tool] = id.success ? await db.select({ id: tools.id, name: tools.toolName, priceCents: tools.priceCents }).from(tools).where(eq(tools.id, id.data)) : [];
      if (!tool) throw notFound('Tool not found');
      const rule = groupRuleOf(input);
      if (groupBaseCents(tool.priceCents, rule) <= 0) throw new AppError('invalid_data', 'That percent off leaves no price to pay');
      const values = { ...rule, updatedAt: new Date() };
      return db.transaction(async (tx) => {
        const priceOf = and(eq(groupToolPrices.groupKey, group.key), eq(groupToolPrices.toolId, tool.id));
        const [before] = await tx.select().from(groupToolPrices).where(priceOf).for('update');
        const [row] = await tx
          .insert(groupToolPrices)
          .values({ groupKey: group.key, toolId: tool.id, ...values })
          .onConflictDoUpdate({ target: [groupToolPrices.groupKey, groupToolPrices.toolId], set: values })
          .returning();
        await recordAudit(tx, { actor: admin, kind: 'price', action: before ? 'changed' : 'set', subject: tool.id, before: before ? priceAudited(before) : null, after: priceAudited(row!) });
        return toPriceDto({ ...row!, toolName: tool.name, listPriceCents: tool.priceCents });
      });
    },

    /** The group pays the list price of the tool again, at the tool's own minimum. */
    async removePrice(admin: AuditActor, key: string, toolId: string): Promise<{ acknowledged: true }> {
      const group = await groupRow(db, key);
      const id = entityIdSchema.safeParse(toolId);
      if (id.success) {
        await db.transaction(async (tx) => {
          const [removed] = await tx.delete(groupToolPrices).where(and(eq(groupToolPrices.groupKey, group.key), eq(groupToolPrices.toolId, id.data))).returning();
          if (removed) await recordAudit(tx, { actor: admin, kind: 'price', action: 'removed', subject: id.data, before: priceAudited(removed), after: null });
        });
      }
      return { acknowledged: true };
    },

    /** The customers an admin put in a group, a page at a time. */
    async members(key: string, query: PageQuery): Promise<Page<GroupMember>> {
      const group = await groupRow(db, key);
      const page = paging.page({ list: 'group-members', order: memberOrder, scope: { group: group.key }, query });
      const select = db
        .select({ userId: customerGroupMembers.userId, email: authUsers.email, cursorKey: page.cursorKey })
        .from(customerGroupMembers)
        .innerJoin(authUsers, eq(authUsers.id, customerGroupMembers.userId))
        .$dynamic();
      const found = await page.read(select, eq(customerGroupMembers.groupKey, group.key), (row) => row.userId);
      return mapPage(found, (row) => ({ userId: row.userId, email: row.email, group: group.key, placedByAdmin: true }));
    },

    /** Puts a customer in a group, or (group null) back in their own: trade with an approved business account, else retail. */
    async placeMember(admin: AuditActor, input: GroupMemberInput): Promise<GroupMember> {
      const [user] = await db.select({ id: authUsers.id, email: authUsers.email }).from(authUsers).where(eq(authUsers.email, input.email.trim().toLowerCase()));
      if (!user) throw notFound(customerGroupMessages.customerNotFound);
      const group = input.group === null ? null : await groupRow(db, input.group);
      await db.transaction(async (tx) => {
        const [before] = await tx.select({ groupKey: customerGroupMembers.groupKey }).from(customerGroupMembers).where(eq(customerGroupMembers.userId, user.id)).for('update');
        if (group === null) await tx.delete(customerGroupMembers).where(eq(customerGroupMembers.userId, user.id));
        else await tx.insert(customerGroupMembers).values({ userId: user.id, groupKey: group.key }).onConflictDoUpdate({ target: customerGroupMembers.userId, set: { groupKey: group.key, placedAt: new Date() } });
        // The customer by id only (decision 065): the log keeps no customer's email. Back in their
        // own group when they were never placed is no change, and no row.
        if (before || group) await recordAudit(tx, { actor: admin, kind: 'customer_group', action: group ? 'customer placed' : 'customer back in own group', subject: user.id, before: before ? { group: before.groupKey } : null, after: group ? { group: group.key } : null });
      });
      const now = await db.execute(sql`select ${callerGroupKeySql(user.id)} as key`);
      const [{ key }] = (now as unknown as { rows: [{ key: string }] }).rows;
      return { userId: user.id, email: user.email, group: key, placedByAdmin: input.group !== null };
    },

    /**
     * What the caller pays for these tools: the group's unit price, its minimum and its tiers as a
     * table, each also as the caller sees it (net of VAT for a group showing prices without VAT in a
     * shop whose prices include VAT). Never cached for anyone else: the route says no-store.
     */
    async myPrices(customerId: string, toolIds: readonly string[]): Promise<MyPrices> {
      const [prices, found, vat] = await Promise.all([
        readGroupPrices(db, customerId, toolIds),
        db.select({ id: tools.id, priceCents: tools.priceCents, minimum: tools.minimumOrderQuantity, vatRateHundredths: tools.vatRateHundredths }).from(tools).where(inArray(tools.id, [...toolIds])),
        tax.current(),
      ]);
      return {
        group: prices.group,
        tools: withGroupMinimum(found, prices).map((tool) => {
          const rule = prices.rules.get(tool.id);
          const netOf = displayedNetOf(prices.group, vat, tool.vatRateHundredths);
          const shown = (cents: number) => ({ unitPrice: fromCents(cents), displayedPrice: fromCents(displayedCents(cents, netOf)) });
          const starts = [tool.minimum, ...(rule?.tiers ?? []).map((tier) => tier.fromUnits).filter((from) => from > tool.minimum)];
          return {
            toolId: tool.id,
            listPrice: fromCents(tool.priceCents),
            ...shown(groupUnitCents(tool.priceCents, rule, tool.minimum).unitCents),
            minimumOrderQuantity: tool.minimum,
            displayedNetOf: netOf === null ? null : percentFromHundredths(netOf),
            tiers: starts.map((from, index) => ({ fromUnits: from, toUnits: index + 1 < starts.length ? starts[index + 1]! - 1 : null, ...shown(groupUnitCents(tool.priceCents, rule, from).unitCents) })),
          };
        }),
      };
    },
  };
}
export type GroupPricesService = ReturnType<typeof createGroupPricesService>;

/** Groups a shop holds at most: a list the admins' page shows whole. */
const GROUPS_MAX = 50;
