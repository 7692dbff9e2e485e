import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { textLengthChecks } from '../text-columns.ts';
import { ACCESSORY_KINDS } from '@voltline/shared/families';
import { belongsTo, createdAt, keyedByOwner, randomId } from './columns.ts';
import { tools } from './catalogue.ts';

/**
 * A tool family (issue 40, item 3; decision 051): tools that are one product in different options,
 * such as an impact driver at 12 V or 18 V, bare or as a kit. The family names its options (Voltage,
 * Kit); each member says its value of each. The members stay tools of their own (price, stock,
 * minimum, pictures): orders, carts and invoices never see the family.
 */
export const toolFamilies = pgTable(
  'tool_families',
  {
    id: randomId(),
    name: text('name').notNull(),
    /** The options' names, in the order the selector shows them (one to three). */
    options: text('options').array().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // Each option's name is bounded by the shared schema; the database bounds the list as a whole.
    check('tool_families_options_bounded', sql`cardinality(${table.options}) between 1 and 3 and char_length(array_to_string(${table.options}, '|')) <= 200`),
    ...textLengthChecks('tool_families'),
    // The admin's list of families, by name, pages on (lower(name), id).
    index('tool_families_name_id_idx').on(sql`lower(${table.name})`, table.id),
  ],
);

/**
 * A tool's place in its family: its value of each of the family's options, in the family's order.
 * The tool is the key: a tool is in at most one family. Two members with the same values would be
 * one choice in the selector leading to two pages: the unique index refuses it (the service says so
 * in words first, case and spacing aside, under the family's row lock).
 */
export const toolFamilyMembers = pgTable(
  'tool_family_members',
  {
    toolId: keyedByOwner(uuid('tool_id'), () => tools.id),
    familyId: belongsTo(uuid('family_id'), () => toolFamilies.id),
    optionValues: text('option_values').array().notNull(),
  },
  (table) => [
    check('tool_family_members_values_bounded', sql`cardinality(${table.optionValues}) between 1 and 3 and char_length(array_to_string(${table.optionValues}, '|')) <= 200`),
    // A family's members (the tool page's selector reads them all), and one value set once per family.
    uniqueIndex('tool_family_members_family_values_idx').on(table.familyId, table.optionValues),
  ],
);



/**
 * What fits what (issue 40, item 7; decision 052): an accessory (a battery, a charger, a blade, a
 * spare part) is a tool of its own, linked to each tool it fits. Read both ways: a tool's page lists
 * what fits it (by the tool, the key's order) and an accessory's page the tools it fits (the
 * reverse index).
 */
export const toolAccessories = pgTable(
  'tool_accessories',
  {
    toolId: belongsTo(uuid('tool_id'), () => tools.id),
    accessoryId: belongsTo(uuid('accessory_id'), () => tools.id),
    kind: text('kind', { enum: ACCESSORY_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.toolId, table.accessoryId] }),
    check('tool_accessories_kind', sql`${table.kind} in ('battery', 'charger', 'blade', 'spare-part', 'other')`),
    check('tool_accessories_not_itself', sql`${table.toolId} <> ${table.accessoryId}`),
    index('tool_accessories_accessory_tool_idx').on(table.accessoryId, table.toolId),
  ],
);
