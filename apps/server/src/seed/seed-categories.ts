import type { DbTransaction } from '../db/client.ts';
import { categories, categoryAttributes, tools, toolSpecifications } from '../db/schema.ts';
import { eq } from 'drizzle-orm';

type SeedValue = number | string | boolean;

interface SeedCategory {
  name: string;
  slug: string;
  parent?: string;
  attributes: { name: string; kind: 'number' | 'choice' | 'yesno'; unit?: string; choices?: string[] }[];
  /** Tool name -> its values by specification name (its category's and those above it). */
  tools: Record<string, Record<string, SeedValue>>;
}

/**
 * The first start's categories (issue 40): the seeded tools in a small tree with the specifications
 * their descriptions state, so a new shop shows category pages and filters at once. Parents first.
 */
export const seedCategories: SeedCategory[] = [
  {
    name: 'Power tools',
    slug: 'power-tools',
    attributes: [{ name: 'Power source', kind: 'choice', choices: ['Mains', '18 V battery'] }],
    tools: {
      'Voltline HG-2000 Heat Gun': { 'Power source': 'Mains' },
      'Voltline AG-125 Angle Grinder': { 'Power source': 'Mains' },
    },
  },
  {
    name: 'Drills and drivers',
    slug: 'drills-and-drivers',
    parent: 'power-tools',
    attributes: [{ name: 'Torque', kind: 'number', unit: 'Nm' }],
    tools: {
      'Voltline HD-850 Corded Hammer Drill': { 'Power source': 'Mains' },
      'Voltline ID-18 Brushless Impact Driver': { 'Power source': '18 V battery', Torque: 180 },
      'Voltline DD-18 Cordless Drill Driver': { 'Power source': '18 V battery', Torque: 60 },
    },
  },
  {
    name: 'Saws',
    slug: 'saws',
    parent: 'power-tools',
    attributes: [{ name: 'Rated power', kind: 'number', unit: 'W' }],
    tools: {
      'Voltline JS-650 Pendulum Jigsaw': { 'Power source': 'Mains', 'Rated power': 650 },
      'Voltline CS-185 Circular Saw': { 'Power source': 'Mains', 'Rated power': 1400 },
    },
  },
  {
    name: 'Test and measurement',
    slug: 'test-and-measurement',
    attributes: [
      { name: 'Maximum voltage', kind: 'number', unit: 'V' },
      { name: 'Safety rating', kind: 'choice', choices: ['CAT III 600 V', 'CAT III 1000 V', 'CAT IV 1000 V'] },
      { name: 'True RMS', kind: 'yesno' },
    ],
    tools: {
      'Voltline VT-1000 Non-Contact Voltage Tester': { 'Maximum voltage': 1000, 'Safety rating': 'CAT IV 1000 V', 'True RMS': false },
      'Voltline IR-1000 Insulation Resistance Tester': { 'Maximum voltage': 1000, 'Safety rating': 'CAT III 600 V', 'True RMS': false },
      'Voltline CM-400 AC/DC Clamp Meter': { 'Maximum voltage': 600, 'Safety rating': 'CAT III 600 V', 'True RMS': true },
      'Voltline DM-600 True-RMS Digital Multimeter': { 'Maximum voltage': 1000, 'Safety rating': 'CAT III 1000 V', 'True RMS': true },
    },
  },
  {
    name: 'Hand tools',
    slug: 'hand-tools',
    attributes: [],
    tools: { 'Voltline CC-500 Long-Handle Cable Cutter': {}, 'Voltline WS-22 Wire Stripper and Cutter': {}, 'Voltline CT-6 Ratcheting Crimping Tool': {} },
  },
];

const valueColumns = (value: SeedValue) =>
  typeof value === 'number' ? { numberValue: value } : typeof value === 'boolean' ? { yesNoValue: value } : { choiceValue: value };

/** Writes the tree, its specifications and the seeded tools' places and values, in the seed's transaction. */
export async function seedCatalogueTree(tx: DbTransaction, toolIdOf: (toolName: string) => string): Promise<void> {
  const categoryIds = new Map<string, string>();
  const attributeIds = new Map<string, string>();
  for (const seeded of seedCategories) {
    const [category] = await tx
      .insert(categories)
      .values({ name: seeded.name, slug: seeded.slug, parentId: seeded.parent ? categoryIds.get(seeded.parent)! : null })
      .returning({ id: categories.id });
    categoryIds.set(seeded.slug, category!.id);
    for (const [position, attribute] of seeded.attributes.entries()) {
      const [added] = await tx
        .insert(categoryAttributes)
        .values({ categoryId: category!.id, name: attribute.name, kind: attribute.kind, unit: attribute.unit ?? null, choices: attribute.choices ?? [], position })
        .returning({ id: categoryAttributes.id });
      attributeIds.set(attribute.name, added!.id);
    }
    for (const [toolName, values] of Object.entries(seeded.tools)) {
      const toolId = toolIdOf(toolName);
      await tx.update(tools).set({ categoryId: category!.id }).where(eq(tools.id, toolId));
      const rows = Object.entries(values).map(([name, value]) => ({ toolId, attributeId: attributeIds.get(name)!, ...valueColumns(value) }));
      if (rows.length > 0) await tx.insert(toolSpecifications).values(rows);
    }
  }
}
