import { z } from 'zod';
import { entityIdSchema } from './id.ts';
import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';
import { toolSchema } from './tool.ts';

/**
 * Tool families (issue 40, item 3; decision 051) and what fits what (item 7; decision 052). A family
 * groups tools that are one product in different options; each member stays a tool of its own.
 */
const FAMILY_OPTIONS_MAX = 3;
/** A family's members all show on each member's page: the selector is bounded, and so is the family. */
export const FAMILY_MEMBERS_MAX = 24;
/** How many accessories (or fitted tools) a tool's page shows before "more". */
export const ACCESSORIES_ON_PAGE = 6;

export const ACCESSORY_KINDS = ['battery', 'charger', 'blade', 'spare-part', 'other'] as const;
export type AccessoryKind = (typeof ACCESSORY_KINDS)[number];
/** Each kind as the tool page names it. */
export const accessoryKindNames: Record<AccessoryKind, string> = { battery: 'Battery', charger: 'Charger', blade: 'Blade', 'spare-part': 'Spare part', other: 'Accessory' };

export const familyMessages = {
  familyNotFound: 'Tool family not found',
  toolNotFound: 'Tool not found',
  inAnotherFamily: (familyName?: string) => `This tool is already in ${familyName === undefined ? 'another family' : `the family "${familyName}"`}: take it out of that family first.`,
  valuesTaken: (toolName: string, values: readonly string[]) => `"${toolName}" already has ${values.join(' / ')} in this family: each tool needs its own options.`,
  valueCount: (options: readonly string[]) => `Give one value for each of the family's options (${options.join(', ')}).`,
  optionCountChanged: (count: number) => `This family has ${count} ${count === 1 ? 'option' : 'options'}: rename them, or make a new family for other options.`,
  familyFull: `A family holds at most ${FAMILY_MEMBERS_MAX} tools.`,
  notAMember: 'This tool is not in this family.',
  accessoryOfItself: 'A tool cannot be an accessory of itself.',
  accessoryNotFound: 'Accessory not found',
  notLinked: 'This accessory is not linked to this tool.',
};

const familyNameSchema = text()
  .trim()
  .min(1, 'Family name is required')
  .max(TEXT_LIMITS.familyName, tooLongMessage('Family name', TEXT_LIMITS.familyName));
const optionTextSchema = (label: string) =>
  text()
    .trim()
    .min(1, `${label} is required`)
    .max(TEXT_LIMITS.familyOption, tooLongMessage(label, TEXT_LIMITS.familyOption));
const optionNamesSchema = z
  .array(optionTextSchema('An option’s name'))
  .min(1, 'A family has at least one option (such as Voltage)')
  .max(FAMILY_OPTIONS_MAX, `A family has at most ${FAMILY_OPTIONS_MAX} options`)
  .refine((names) => new Set(names.map((name) => name.toLowerCase())).size === names.length, 'Each option can be named once');

/** POST /api/admin/families: a family's name and its options' names (Voltage, Kit). */
export const familyInputSchema = z.object({ name: familyNameSchema, options: optionNamesSchema }).strict();
export type FamilyInput = z.infer<typeof familyInputSchema>;

/** PATCH /api/admin/families/{id}: a new name, or its options renamed (as many as it has). */
export const familyUpdateSchema = z.object({ name: familyNameSchema.optional(), options: optionNamesSchema.optional() }).strict();
export type FamilyUpdate = z.infer<typeof familyUpdateSchema>;

/** PUT /api/admin/families/{id}/tools/{toolId}: a tool placed in the family with its value of each option, in the family's order. */
export const familyMemberInputSchema = z.object({ values: z.array(optionTextSchema('An option’s value')).min(1).max(FAMILY_OPTIONS_MAX) }).strict();
export type FamilyMemberInput = z.infer<typeof familyMemberInputSchema>;

export const familyMemberParamsSchema = z.object({ id: text().max(100), toolId: text().max(100) });

/** A member as the selector shows it: its values, and whether it can be ordered now. */
const familyMemberSchema = z.object({
  toolId: entityIdSchema,
  toolName: z.string(),
  values: z.array(z.string()),
  price: z.number(),
  outOfStock: z.boolean(),
});

export const familySchema = z.object({
  _id: entityIdSchema,
  name: z.string(),
  options: z.array(z.string()),
  members: z.array(familyMemberSchema),
});
export type ToolFamily = z.infer<typeof familySchema>;

/** PUT /api/admin/tools/{id}/accessories/{accessoryId}: the accessory fits the tool, as a kind. */
export const accessoryLinkSchema = z.object({ kind: z.enum(ACCESSORY_KINDS, { error: `Kind must be one of ${ACCESSORY_KINDS.join(', ')}` }) }).strict();
export const accessoryParamsSchema = z.object({ id: text().max(100), accessoryId: text().max(100) });

/** A tool that fits another (or that another fits), with the kind of the link. */
export const fittingToolSchema = z.object({ kind: z.enum(ACCESSORY_KINDS), tool: toolSchema });
export type FittingTool = z.infer<typeof fittingToolSchema>;

/** The first of a tool's fitting tools as its page shows them; `more` when a next page holds others. */
const fittingListSchema = z.object({ items: z.array(fittingToolSchema), more: z.boolean() });

/** What the tool page's answer adds: its family and what fits it, both ways. */
export const toolRelationsSchema = z.object({
  family: familySchema.nullable(),
  /** Accessories and spare parts that fit this tool. */
  accessories: fittingListSchema,
  /** The tools this one fits, when it is an accessory. */
  fits: fittingListSchema,
});

/** One choice of the selector: an option's value, the member it leads to, and whether that member is out of stock. */
export interface FamilyChoice {
  value: string;
  toolId: string;
  current: boolean;
  outOfStock: boolean;
}

/**
 * The selector of a member's page: for each option, each value the family has, leading to the
 * member that keeps the current tool's other values and takes this one; when no member has that
 * combination, the first member with the value (the other options change with it).
 */
export function familyChoicesOf(family: ToolFamily, currentToolId: string): { option: string; choices: FamilyChoice[] }[] {
  const current = family.members.find((member) => member.toolId === currentToolId);
  if (!current) return [];
  return family.options.map((option, index) => {
    const values = [...new Set(family.members.map((member) => member.values[index]!))];
    const choices = values.map((value) => {
      const withValue = family.members.filter((member) => member.values[index] === value);
      const target =
        withValue.find((member) => member.values.every((each, at) => at === index || each === current.values[at])) ?? withValue[0]!;
      return { value, toolId: target.toolId, current: value === current.values[index], outOfStock: target.outOfStock };
    });
    return { option, choices };
  });
}
