import { z } from 'zod';
import { entityIdSchema } from './id.ts';
import { pageQuerySchema } from './paging.ts';
import { TOOL_SORTS } from './shop-constants.ts';
import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';
import { toolRelationsSchema } from './families.ts';
import { toolSchema } from './tool.ts';

/**
 * The catalogue's categories and the specifications they ask of their tools (issue 40, items 1 and
 * 2; decision 049). The tree has at most three levels (Power tools > Drills > Impact drivers).
 */
export const CATEGORY_MAX_DEPTH = 3;
export const ATTRIBUTE_KINDS = ['number', 'choice', 'yesno'] as const;
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];
/** The most choices one choice specification offers (the database bounds the list too). */
const ATTRIBUTE_CHOICES_MAX = 40;

export const categoryMessages = {
  fourthLevel: `Categories go at most ${CATEGORY_MAX_DEPTH} levels deep (such as Power tools > Drills > Impact drivers): choose a parent higher up.`,
  movedUnderItself: 'A category cannot be moved under itself or under one of its own subcategories.',
  slugTaken: (slug: string) => `The address /tools/c/${slug} is already another category's: choose another address name.`,
  nameTaken: (name: string) => `A specification named "${name}" already exists in this category.`,
  hasTools: (count: number) =>
    `This category still holds ${count} ${count === 1 ? 'tool' : 'tools'}: move ${count === 1 ? 'it' : 'them'} to another category first.`,
  hasChildren: (count: number) =>
    `This category has ${count} ${count === 1 ? 'subcategory' : 'subcategories'}: move or delete ${count === 1 ? 'it' : 'them'} first.`,
  parentNotFound: 'The parent category does not exist (it may have just been deleted).',
  categoryNotFound: 'Category not found',
  attributeNotFound: 'Specification not found',
  choiceInUse: (choice: string, count: number) =>
    `${count} ${count === 1 ? 'tool has' : 'tools have'} "${choice}": change ${count === 1 ? 'its' : 'their'} value before removing the choice.`,
  /** A tool's value refused by its kind, in words that name the specification. */
  notANumber: (name: string, unit: string | null) => `${name} must be a number${unit ? ` (in ${unit})` : ''}.`,
  notAChoice: (name: string, choices: readonly string[]) => `${name} must be one of: ${choices.join(', ')}.`,
  notYesNo: (name: string) => `${name} must be yes or no.`,
  notOfCategory: 'A specification sent is not one of this tool’s category (or of the categories above it).',
  specificationsWithoutCategory: 'Choose a category before filling in specifications.',
};

/** An address name: lower-case letters and digits in words joined by hyphens (impact-drivers). */
const categorySlugSchema = text()
  .trim()
  .min(1, 'Address name is required')
  .max(TEXT_LIMITS.categorySlug, tooLongMessage('Address name', TEXT_LIMITS.categorySlug))
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Address name may hold lower-case letters, digits and single hyphens between them (such as impact-drivers)');

/** The address name a category gets from its name when none is chosen: "Impact drivers (18 V)" -> impact-drivers-18-v. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TEXT_LIMITS.categorySlug)
    .replace(/-+$/, '');
}

const categoryNameSchema = text()
  .trim()
  .min(1, 'Category name is required')
  .max(TEXT_LIMITS.categoryName, tooLongMessage('Category name', TEXT_LIMITS.categoryName));

/** POST /api/admin/categories: a new category, at the top or under a parent; its address name from its name unless given. */
export const categoryInputSchema = z
  .object({
    name: categoryNameSchema,
    slug: categorySlugSchema.optional(),
    parentId: entityIdSchema.nullable().optional(),
  })
  .strict();
export type CategoryInput = z.infer<typeof categoryInputSchema>;

/** PATCH /api/admin/categories/{id}: rename, a new address name, or a move (parentId null: to the top). */
export const categoryUpdateSchema = z
  .object({
    name: categoryNameSchema.optional(),
    slug: categorySlugSchema.optional(),
    parentId: entityIdSchema.nullable().optional(),
  })
  .strict();
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

const attributeNameSchema = text()
  .trim()
  .min(1, 'Specification name is required')
  .max(TEXT_LIMITS.attributeName, tooLongMessage('Specification name', TEXT_LIMITS.attributeName));
const unitSchema = text().trim().max(TEXT_LIMITS.attributeUnit, tooLongMessage('Unit', TEXT_LIMITS.attributeUnit));
const choicesSchema = z
  .array(
    text()
      .trim()
      .min(1, 'A choice cannot be empty')
      .max(TEXT_LIMITS.attributeChoice, tooLongMessage('A choice', TEXT_LIMITS.attributeChoice)),
  )
  .max(ATTRIBUTE_CHOICES_MAX, `A specification offers at most ${ATTRIBUTE_CHOICES_MAX} choices`)
  .refine((choices) => new Set(choices.map((choice) => choice.toLowerCase())).size === choices.length, 'Each choice can be listed once');

/** POST /api/admin/categories/{id}/attributes: a number (with its unit), a choice (with its list), or yes/no. */
export const attributeInputSchema = z
  .object({
    name: attributeNameSchema,
    kind: z.enum(ATTRIBUTE_KINDS, { error: 'Kind must be number, choice or yesno' }),
    unit: unitSchema.optional(),
    choices: choicesSchema.optional(),
  })
  .strict()
  .superRefine((attribute, context) => {
    if (attribute.kind === 'choice' && (attribute.choices ?? []).length === 0)
      context.addIssue({ code: 'custom', path: ['choices'], message: 'A choice specification needs at least one choice' });
    if (attribute.kind !== 'choice' && (attribute.choices ?? []).length > 0)
      context.addIssue({ code: 'custom', path: ['choices'], message: 'Only a choice specification has choices' });
    if (attribute.kind !== 'number' && attribute.unit)
      context.addIssue({ code: 'custom', path: ['unit'], message: 'Only a number has a unit' });
  });
export type AttributeInput = z.infer<typeof attributeInputSchema>;

/** PATCH /api/admin/categories/{id}/attributes/{attributeId}: a new name, unit or list (its kind stays). */
export const attributeUpdateSchema = z
  .object({ name: attributeNameSchema.optional(), unit: unitSchema.optional(), choices: choicesSchema.optional() })
  .strict();
export type AttributeUpdate = z.infer<typeof attributeUpdateSchema>;

export const attributeSchema = z.object({
  _id: entityIdSchema,
  categoryId: entityIdSchema,
  name: z.string(),
  kind: z.enum(ATTRIBUTE_KINDS),
  unit: z.string().nullable(),
  choices: z.array(z.string()),
});
export type Attribute = z.infer<typeof attributeSchema>;

const categoryFields = {
  _id: entityIdSchema,
  name: z.string(),
  slug: z.string(),
  parentId: entityIdSchema.nullable(),
  /** The specifications it asks of its tools (its own; a tool also fills those of the categories above). */
  attributes: z.array(attributeSchema),
  /** Tools directly in it (not in its subcategories). */
  toolCount: z.number().int(),
};
// Three levels spelled out rather than a recursive schema: the tree's depth is the rule itself.
const thirdLevelSchema = z.object(categoryFields);
const secondLevelSchema = z.object({ ...categoryFields, children: z.array(thirdLevelSchema) });
const categoryTreeNodeSchema = z.object({ ...categoryFields, children: z.array(secondLevelSchema) });
export const categoryTreeSchema = z.array(categoryTreeNodeSchema);
export type CategoryTreeNode = z.infer<typeof categoryTreeNodeSchema>;
export type CategoryNode = z.infer<typeof thirdLevelSchema> & { children?: CategoryNode[] };

/** A category as others name it (a tool's, a breadcrumb's step). */
const categoryRefSchema = z.object({ _id: entityIdSchema, name: z.string(), slug: z.string() });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/** One of a tool's specifications as its page shows it. */
const toolSpecificationSchema = z.object({
  attributeId: entityIdSchema,
  name: z.string(),
  kind: z.enum(ATTRIBUTE_KINDS),
  unit: z.string().nullable(),
  value: z.union([z.number(), z.string(), z.boolean()]),
});
export type ToolSpecification = z.infer<typeof toolSpecificationSchema>;

/** GET /getTool/{id}: the spec's tool, with its category (and the path to it), its specifications, its family and what fits it. */
export const toolDetailSchema = toolSchema.extend({
  category: categoryRefSchema.extend({ path: z.array(categoryRefSchema) }).nullable(),
  specifications: z.array(toolSpecificationSchema),
  // Its family and what fits it (issue 40, items 3 and 7): the page draws them from this one answer.
  ...toolRelationsSchema.shape,
});
export type ToolDetail = z.infer<typeof toolDetailSchema>;

/** A specification's value as a page writes it: 18 V, Yes. */
export function formatSpecification({ kind, unit, value }: Pick<ToolSpecification, 'kind' | 'unit' | 'value'>): string {
  if (kind === 'yesno') return value ? 'Yes' : 'No';
  if (kind === 'number') return unit ? `${String(value)} ${unit}` : String(value);
  return String(value);
}

/**
 * A filter of the search, as the address keeps it: `<attributeId>:<choice>` (several of one
 * attribute: any of them), `<attributeId>:<min>..<max>` for a number (either side may be empty),
 * `<attributeId>:yes` or `:no`.
 */
const FILTERS_MAX = 30;
const filterSchema = text()
  .max(120, 'A filter can be at most 120 characters')
  .regex(/^[0-9a-f-]{36}:.+$/i, 'A filter is a specification id, a colon and a value (such as <id>:18 V or <id>:150..)');
const priceBoundSchema = (label: string) =>
  text()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, `${label} must be an amount such as 49.90`)
    .transform(Number)
    .optional();
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((flag) => flag === 'true' || flag === '1');

/** GET /api/tools/search. */
export const toolSearchQuerySchema = pageQuerySchema.extend({
  sort: z.enum(TOOL_SORTS, { error: `sort must be one of ${TOOL_SORTS.join(', ')}` }).optional(),
  category: categorySlugSchema.optional(),
  filter: z
    .union([filterSchema, z.array(filterSchema).max(FILTERS_MAX, `At most ${FILTERS_MAX} filters`)])
    .optional()
    .transform((filter) => (filter === undefined ? [] : Array.isArray(filter) ? filter : [filter])),
  minPrice: priceBoundSchema('Lowest price'),
  maxPrice: priceBoundSchema('Highest price'),
  inStock: booleanFlag.optional(),
});
export type ToolSearchQuery = z.infer<typeof toolSearchQuerySchema>;

const facetAttributeSchema = attributeSchema.pick({ _id: true, name: true, kind: true, unit: true });
const facetSchema = z.object({
  attribute: facetAttributeSchema,
  /** Choices and yes/no: each value with how many tools match it given the other filters; numbers: the range they span. */
  values: z.union([z.array(z.object({ value: z.union([z.string(), z.boolean()]), count: z.number().int() })), z.object({ min: z.number().nullable(), max: z.number().nullable() })]),
});
export type Facet = z.infer<typeof facetSchema>;

/** A category as the search's category filter offers it: how many tools matching the other filters it holds, with its subcategories'. */
const categoryCountSchema = z.object({ slug: z.string(), name: z.string(), count: z.number().int() });
export type CategoryCount = z.infer<typeof categoryCountSchema>;

export const toolSearchAnswerSchema = z.object({
  tools: z.array(toolSchema),
  facets: z.array(facetSchema),
  /**
   * The category filter (issue 40, item 5): without a category, each top-level category; within one,
   * each of its subcategories; every one listed, with how many tools the other filters leave in it.
   */
  categories: z.array(categoryCountSchema),
  /** How many tools match every filter (all pages). */
  total: z.number().int(),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ToolSearchAnswer = z.infer<typeof toolSearchAnswerSchema>;

export const attributeParamsSchema = z.object({ id: text().max(100), attributeId: text().max(100) });

/** The categories from the top down to the one with `slug` (its breadcrumb); undefined when no category has it. */
export function categoryPathOf(tree: readonly CategoryNode[], slug: string): CategoryNode[] | undefined {
  for (const node of tree) {
    if (node.slug === slug) return [node];
    const below = categoryPathOf(node.children ?? [], slug);
    if (below) return [node, ...below];
  }
  return undefined;
}

/** Every category of the tree, each after the one above it, with its depth (1 at the top). */
export function flattenCategories(tree: readonly CategoryNode[], depth = 1): (CategoryNode & { depth: number })[] {
  return tree.flatMap((node) => [{ ...node, depth }, ...flattenCategories(node.children ?? [], depth + 1)]);
}
