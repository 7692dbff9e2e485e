import { z } from 'zod';
import { amountInputSchema } from './amount-input.ts';
import { entityIdSchema } from './id.ts';
import { isPercentWithTwoDecimals, percentInHundredths, scaleRoundingHalfUp, toCents } from './money.ts';
import { PAYMENT_MAXIMUM } from './shop-constants.ts';
import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';
import { wholeNumberSchema } from './whole-number.ts';

/*
 * Customer groups and their prices (issue 39, part 2; decision 059). Every customer is in one group:
 * `trade` while their business account is approved, `retail` otherwise, unless an admin put them in
 * another. A group may price a tool its own way (a price, or a percent off the list price), give
 * volume tiers (a percent off from so many units of that tool in the order) and its own minimum
 * order quantity. The server prices with groupUnitCents; the pages only show what it answers.
 */

export const RETAIL_GROUP = 'retail';
export const TRADE_GROUP = 'trade';
/** The two groups every shop has: they cannot be renamed away or removed. */
export const BUILT_IN_GROUPS = [RETAIL_GROUP, TRADE_GROUP] as const;
/** Tiers one tool's price in one group holds at most. */
const GROUP_TIERS_MAX = 10;
/** Tools one my-prices request asks about at most (a catalogue page's worth). */
export const MY_PRICES_TOOLS_MAX = 100;

/** What a group's tool price is, as the server keeps it: cents and hundredths of a percent. */
export interface GroupToolPriceRule {
  priceCents: number | null;
  percentOffHundredths: number | null;
  minimumOrderQuantity: number | null;
  tiers: { fromUnits: number; percentOffHundredths: number }[];
}

/** The unit price before tiers: the group's own price, or the list price less the group's percent. */
export function groupBaseCents(listCents: number, rule: GroupToolPriceRule | undefined): number {
  if (rule?.priceCents != null) return rule.priceCents;
  if (rule?.percentOffHundredths != null) return listCents - scaleRoundingHalfUp(listCents, rule.percentOffHundredths, 10_000);
  return listCents;
}

/**
 * What one unit costs a group's customer ordering `units` of the tool (all its lines together):
 * the group's price, less the percent of the highest tier those units reach. `tierFromUnits`: that
 * tier's first unit, or null when no tier applies. The one place a group price is worked out.
 */
export function groupUnitCents(listCents: number, rule: GroupToolPriceRule | undefined, units: number): { unitCents: number; tierFromUnits: number | null } {
  return tieredUnitCents(groupBaseCents(listCents, rule), rule, units);
}

/**
 * `base` less the percent of the highest tier of `rule` that `units` reach. Apart from
 * groupUnitCents for the cart, which keeps the group's price before tiers a line was added at and
 * compares it at the tier its units reach now: a quantity moving into a tier is not a price change.
 */
export function tieredUnitCents(base: number, rule: GroupToolPriceRule | undefined, units: number): { unitCents: number; tierFromUnits: number | null } {
  const tier = [...(rule?.tiers ?? [])].sort((a, b) => b.fromUnits - a.fromUnits).find((candidate) => units >= candidate.fromUnits);
  if (!tier) return { unitCents: base, tierFromUnits: null };
  return { unitCents: base - scaleRoundingHalfUp(base, tier.percentOffHundredths, 10_000), tierFromUnits: tier.fromUnits };
}

const groupKeySchema = text()
  .trim()
  .toLowerCase()
  .min(2, 'Group code must be at least 2 characters')
  .max(TEXT_LIMITS.groupKey, tooLongMessage('Group code', TEXT_LIMITS.groupKey))
  .regex(/^[a-z0-9-]+$/, 'Group code can hold letters, digits and - only');

const groupNameSchema = text()
  .trim()
  .min(1, 'Group name is required')
  .max(TEXT_LIMITS.groupName, tooLongMessage('Group name', TEXT_LIMITS.groupName));

const withoutVatField = z.boolean({ error: 'displayPricesWithoutVat must be true or false' });

/** POST /api/admin/customer-groups: a group of the admin's own (wholesalers, schools). */
export const customerGroupInputSchema = z.object({
  key: groupKeySchema,
  name: groupNameSchema,
  displayPricesWithoutVat: withoutVatField.optional(),
});
export type CustomerGroupInput = z.input<typeof customerGroupInputSchema>;

/** PATCH /api/admin/customer-groups/{key}: its name, and whether its customers see prices without VAT. */
export const customerGroupChangeSchema = z.object({
  name: groupNameSchema.optional(),
  displayPricesWithoutVat: withoutVatField.optional(),
});
export type CustomerGroupChange = z.input<typeof customerGroupChangeSchema>;

export const customerGroupSchema = z.object({
  key: z.string(),
  name: z.string(),
  displayPricesWithoutVat: z.boolean(),
  builtIn: z.boolean().describe('retail and trade: every shop has them.'),
  toolPrices: z.number().int().describe('How many tools the group prices its own way.'),
  members: z.number().int().describe('Customers an admin put in the group (approved business accounts are trade without being counted here).'),
});
export type CustomerGroup = z.infer<typeof customerGroupSchema>;

const percentField = (label: string) =>
  z.number({ error: `${label} must be a percentage such as 5 or 12.5` }).refine((value) => isPercentWithTwoDecimals(value) && value > 0 && value < 100, `${label} must be more than 0 and less than 100, with at most two decimals`);

const tierSchema = z.object({
  fromUnits: wholeNumberSchema('From units', { min: 2, max: 10_000_000 }),
  percentOff: percentField('Tier percent off'),
});

/**
 * PUT /api/admin/customer-groups/{key}/prices/{toolId}: the group's price of one tool (a price or a
 * percent off the list price, or neither: the list price), its volume tiers and its minimum order.
 */
export const groupToolPriceInputSchema = z
  .object({
    price: amountInputSchema('Price', { min: 0.01, max: PAYMENT_MAXIMUM }).nullable().optional(),
    percentOff: percentField('Percent off').nullable().optional(),
    minimumOrderQuantity: wholeNumberSchema('Minimum order quantity', { min: 1, max: 10_000_000 }).nullable().optional(),
    tiers: z.array(tierSchema).max(GROUP_TIERS_MAX, `A price holds at most ${GROUP_TIERS_MAX} tiers`).default([]),
  })
  .refine((input) => input.price == null || input.percentOff == null, { message: 'Give a price or a percent off, not both', path: ['percentOff'] })
  .refine((input) => new Set(input.tiers.map((tier) => tier.fromUnits)).size === input.tiers.length, { message: 'Two tiers cannot start at the same number of units', path: ['tiers'] });
export type GroupToolPriceInput = z.input<typeof groupToolPriceInputSchema>;

/** The rule as the API speaks it (dollars, percents) and as the server keeps it (cents, hundredths). */
export function groupRuleOf(input: z.output<typeof groupToolPriceInputSchema>): GroupToolPriceRule {
  return {
    priceCents: input.price == null ? null : toCents(input.price),
    percentOffHundredths: input.percentOff == null ? null : percentInHundredths(input.percentOff),
    minimumOrderQuantity: input.minimumOrderQuantity ?? null,
    tiers: [...input.tiers].sort((a, b) => a.fromUnits - b.fromUnits).map((tier) => ({ fromUnits: tier.fromUnits, percentOffHundredths: percentInHundredths(tier.percentOff) })),
  };
}

export const groupToolPriceSchema = z.object({
  toolId: z.string(),
  toolName: z.string(),
  listPrice: z.number(),
  price: z.number().nullable(),
  percentOff: z.number().nullable(),
  minimumOrderQuantity: z.number().int().nullable(),
  tiers: z.array(z.object({ fromUnits: z.number().int(), percentOff: z.number() })),
});
export type GroupToolPrice = z.infer<typeof groupToolPriceSchema>;

export const toolPriceParamsSchema = z.object({ key: text().max(100), toolId: text().max(100) });
export const groupKeyParamsSchema = z.object({ key: text().max(100) });

/** PUT /api/admin/customer-group-members: puts a customer (by email) in a group; null: back to their own (trade if approved, else retail). */
export const groupMemberInputSchema = z.object({
  email: text().trim().toLowerCase().min(3, 'Email is required').max(TEXT_LIMITS.email, tooLongMessage('Email', TEXT_LIMITS.email)),
  group: text().max(100).nullable(),
});
export type GroupMemberInput = z.input<typeof groupMemberInputSchema>;

export const groupMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  group: z.string().describe('The group the customer is priced in now.'),
  placedByAdmin: z.boolean().describe('An admin put them there; false: their own group (trade for an approved business account, else retail).'),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** GET /api/my-prices?toolIds=a,b: the tools to price for the caller (a catalogue page, a tool page). */
export const myPricesQuerySchema = z.object({
  // The text's bound (an id and its comma each) says the tools' limit too, in the same words.
  toolIds: text()
    .max(MY_PRICES_TOOLS_MAX * 37, `At most ${MY_PRICES_TOOLS_MAX} tools at once`)
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim()).filter(Boolean))])
    .pipe(z.array(entityIdSchema, { error: 'toolIds must be tool ids separated by commas' }).min(1, 'Name at least one tool').max(MY_PRICES_TOOLS_MAX, `At most ${MY_PRICES_TOOLS_MAX} tools at once`)),
});

const shownPrice = { unitPrice: z.number().describe('What a unit costs the caller, as checkout charges it.'), displayedPrice: z.number().describe('The unit price as the caller sees it: without VAT for a group that shows prices without VAT.') };

export const myPricesSchema = z.object({
  group: z.object({ key: z.string(), name: z.string(), displayPricesWithoutVat: z.boolean() }),
  tools: z.array(
    z.object({
      toolId: z.string(),
      listPrice: z.number(),
      ...shownPrice,
      minimumOrderQuantity: z.number().int(),
      displayedNetOf: z.number().nullable().describe('The VAT rate (percent) taken out of the displayed prices, as invoices take it out (a line total without VAT is the total less it); null when they are the prices charged.'),
      tiers: z.array(z.object({ fromUnits: z.number().int(), toUnits: z.number().int().nullable(), ...shownPrice })).describe('The price by units of the tool in one order, from the minimum up.'),
    }),
  ),
});
export type MyPrices = z.infer<typeof myPricesSchema>;

export const customerGroupMessages = {
  notFound: 'Customer group not found',
  exists: (key: string) => `A customer group with the code ${key} exists already`,
  customerNotFound: 'No customer has that email',
  pricesChanged: (quoted: string, now: string) => `The prices changed since your quote: the order would now come to ${now} instead of ${quoted}. Look at the new total, then check out.`,
};
