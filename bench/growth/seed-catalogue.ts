// Seeds the catalogue of issue 40's growth goal into a database the shop's migrations have prepared:
// 50,000 tools in 300 categories (10 at the top, 29 under each), each category with 8 specifications
// of every kind (choices, numbers with a unit, yes/no). A tool sits in a subcategory and fills the 8
// of its subcategory and the 8 of the category above: 800,000 specification values. Set-based SQL,
// as seed-growth.ts, for `GROWTH_ONLY=catalogue npm run bench:growth` (no customers, no orders).
import type { DatabaseHandle } from '@voltline/server/db/client';
import { seedShopOnFirstStart } from '@voltline/server/seed';
import { FAMILIES, literal, run, seedMigrated, textArray, timed, type Log, type SeedTarget } from './seed-growth.ts';

export interface CatalogueSizes {
  tools: number;
  /** Categories at the top; each holds SUBCATEGORIES_EACH subcategories, where the tools are. */
  topCategories: number;
}

const SUBCATEGORIES_EACH = 29;

export function catalogueSizes(scale: number): CatalogueSizes {
  return { tools: Math.max(300, Math.round(50_000 * scale)), topCategories: 10 };
}

export interface CatalogueSeedReport {
  sizes: CatalogueSizes;
  seconds: { categories: number; tools: number; specifications: number; vacuum: number; migrate: number; total: number };
  counts: Record<string, number>;
}

type Attribute = { name: string; kind: 'choice'; choices: string[] } | { name: string; kind: 'number'; unit: string; low: number; high: number } | { name: string; kind: 'yesno' };

/** The 8 specifications of a category at the top, and the 8 of each subcategory (names apart, so a page's facets say which). */
const TOP_ATTRIBUTES: Attribute[] = [
  { name: 'Power source', kind: 'choice', choices: ['Mains', '18 V battery', '12 V battery'] },
  { name: 'Voltage', kind: 'number', unit: 'V', low: 10, high: 40 },
  { name: 'Weight', kind: 'number', unit: 'kg', low: 1, high: 9 },
  { name: 'Brushless', kind: 'yesno' },
  { name: 'Battery platform', kind: 'choice', choices: ['Volt18', 'Volt12', 'Volt36', 'Universal', 'None'] },
  { name: 'Colour', kind: 'choice', choices: ['Yellow', 'Blue', 'Red', 'Green', 'Black', 'Orange'] },
  { name: 'Noise', kind: 'number', unit: 'dB', low: 60, high: 100 },
  { name: 'Warranty class', kind: 'choice', choices: ['Standard', 'Trade', 'Extended', 'Lifetime'] },
];
const SUB_ATTRIBUTES: Attribute[] = [
  { name: 'Torque', kind: 'number', unit: 'Nm', low: 20, high: 320 },
  { name: 'Speed', kind: 'number', unit: 'rpm', low: 500, high: 3500 },
  { name: 'Chuck', kind: 'choice', choices: ['10 mm', '13 mm', 'Hex 1/4"', 'SDS-plus'] },
  { name: 'Kit', kind: 'choice', choices: ['Bare', '1 battery', '2 batteries', 'Case only'] },
  { name: 'Grip', kind: 'choice', choices: ['Pistol', 'Inline', 'D-handle'] },
  { name: 'Cordless', kind: 'yesno' },
  { name: 'LED light', kind: 'yesno' },
  { name: 'Length', kind: 'number', unit: 'mm', low: 100, high: 500 },
];

const TOP_NAMES = ['Drilling', 'Sawing', 'Grinding', 'Sanding', 'Measuring', 'Lighting', 'Fastening', 'Cutting', 'Heating', 'Soldering'];

/** The slug of top category `top` (0-based), and of its subcategory `sub`: the bench reads them back by these. */
export const topSlug = (top: number) => `growth-${TOP_NAMES[top % TOP_NAMES.length]!.toLowerCase()}-${top}`;
export const subSlug = (top: number, sub: number) => `${topSlug(top)}-line-${sub}`;

async function seedInto(database: DatabaseHandle, sizes: CatalogueSizes, log: Log): Promise<Omit<CatalogueSeedReport, 'seconds'> & { seconds: Omit<CatalogueSeedReport['seconds'], 'migrate' | 'total'> }> {
  const now = new Date();
  await run(database, 'set synchronous_commit = off');
  // Every row refers to rows made just before: no per-row foreign-key triggers while loading (seed-growth.ts does the same).
  await run(database, 'set session_replication_role = replica');
  await seedShopOnFirstStart(database.db, now);
  const seconds = { categories: 0, tools: 0, specifications: 0, vacuum: 0 };
  const subcategories = sizes.topCategories * SUBCATEGORIES_EACH;

  seconds.categories = await timed(`categories (${sizes.topCategories + subcategories}, 8 specifications each)`, log, async () => {
    await run(
      database,
      `create table growth_seed_categories as
       select c, top, sub, gen_random_uuid() as id,
              case when sub is null then name else name || ' line ' || sub end as name,
              case when sub is null then slug else slug || '-line-' || sub end as slug
       from (select c, c / ${SUBCATEGORIES_EACH + 1} as top, nullif(c % ${SUBCATEGORIES_EACH + 1}, 0) - 1 as sub from generate_series(0, ${sizes.topCategories * (SUBCATEGORIES_EACH + 1) - 1}) c) g,
            lateral (select (${textArray(TOP_NAMES)})[1 + g.top % ${TOP_NAMES.length}] as name,
                            'growth-' || lower((${textArray(TOP_NAMES)})[1 + g.top % ${TOP_NAMES.length}]) || '-' || g.top as slug) n`,
    );
    await run(
      database,
      `insert into categories (id, parent_id, name, slug)
       select s.id, t.id, s.name, s.slug from growth_seed_categories s
       left join growth_seed_categories t on s.sub is not null and t.top = s.top and t.sub is null`,
    );
    // Each specification with the span its numbers take and its slot (0-15: which of a tool's values it is).
    const rows = (attributes: Attribute[], level: number) =>
      attributes
        .map(
          (attribute, position) =>
            `(${level}, ${position}, ${literal(attribute.name)}, ${literal(attribute.kind)}, ${attribute.kind === 'number' ? literal(attribute.unit) : 'null'}, ` +
            `${attribute.kind === 'choice' ? textArray(attribute.choices) : `'{}'::text[]`}, ${attribute.kind === 'number' ? attribute.low : 0}, ${attribute.kind === 'number' ? attribute.high : 0})`,
        )
        .join(', ');
    await run(
      database,
      `create table growth_seed_attributes as
       select gen_random_uuid() as id, c.id as category_id, c.top, c.sub, a.level * 8 + a.position as slot, a.*
       from growth_seed_categories c
       join (values ${rows(TOP_ATTRIBUTES, 0)}, ${rows(SUB_ATTRIBUTES, 1)}) a(level, position, name, kind, unit, choices, low, high)
         on (a.level = 0) = (c.sub is null)`,
    );
    await run(
      database,
      `insert into category_attributes (id, category_id, name, kind, unit, choices, position)
       select id, category_id, name, kind, unit, choices, position from growth_seed_attributes`,
    );
  });

  // Tool n sits in subcategory n % subcategories: a name from the shop's drawings, a voltage, a code.
  seconds.tools = await timed(`tools (${sizes.tools})`, log, async () => {
    await run(
      database,
      `create table growth_seed_catalogue_tools as
       select n, gen_random_uuid() as id, family, sub_index / ${SUBCATEGORIES_EACH} as top, sub_index % ${SUBCATEGORIES_EACH} as sub,
              'Voltline ' || (${textArray(FAMILIES.map((f) => f[2]))})[1 + family] || '-' || (10000 + n) || ' ' ||
                (array['12 V', '18 V', '18 V', '36 V'])[1 + (n / 16) % 4] || ' ' || (${textArray(FAMILIES.map((f) => f[1]))})[1 + family] as tool_name,
              '/images/tools/' || (${textArray(FAMILIES.map((f) => f[0]))})[1 + family] || '.svg' as img,
              ((9 + (n * 37) % 600) * 100 - case when n % 4 = 0 then 5 else 0 end)::int as price_cents,
              -- One tool in ten is out of stock, so "in stock only" narrows.
              case when n % 10 = 3 then 0 else 5 + (n * 7919) % 500 end as available_quantity
       from (select n, n % ${FAMILIES.length} as family, n % ${subcategories} as sub_index from generate_series(0, ${sizes.tools - 1}) n) g`,
    );
    await run(
      database,
      `insert into tools (id, tool_name, description, img, price_cents, minimum_order_quantity, available_quantity, category_id, sku, created_at)
       select t.id, t.tool_name, t.tool_name || ': a catalogue growth tool.', t.img, t.price_cents, 1, t.available_quantity, c.id,
              'GR-' || (10000 + t.n), ${literal(now.toISOString())}::timestamptz - (t.n * interval '10 minutes')
       from growth_seed_catalogue_tools t join growth_seed_categories c on c.top = t.top and c.sub = t.sub`,
    );
    // Each tool's stock is its opening movement (decision 041), so the ledger balances.
    await run(
      database,
      `insert into stock_movements (tool_id, kind, units, level_after, note, created_at)
       select id, 'opening', available_quantity, available_quantity, 'stock when the ledger began', now() from growth_seed_catalogue_tools`,
    );
  });

  // Every tool fills the 8 specifications of its subcategory and the 8 of the category above, each
  // value spread by a hash of the tool and the slot (so values do not move together).
  seconds.specifications = await timed(`specifications (${sizes.tools * 16})`, log, async () => {
    await run(
      database,
      `insert into tool_specifications (tool_id, attribute_id, number_value, choice_value, yes_no_value)
       select t.id, a.id,
              case when a.kind = 'number' then a.low + h % (a.high - a.low + 1) end,
              case when a.kind = 'choice' then a.choices[1 + h % cardinality(a.choices)] end,
              case when a.kind = 'yesno' then h % 2 = 0 end
       from growth_seed_catalogue_tools t
       join growth_seed_attributes a on a.top = t.top and (a.sub is null or a.sub = t.sub),
       lateral (select abs(hashint4(t.n * 16 + a.slot)::bigint) as h) hashed`,
    );
  });
  for (const table of ['growth_seed_categories', 'growth_seed_attributes', 'growth_seed_catalogue_tools']) await run(database, `drop table ${table}`);
  await run(database, 'set session_replication_role = origin');
  seconds.vacuum = await timed('vacuum analyze', log, () => run(database, 'vacuum analyze').then(() => undefined));

  const counts: Record<string, number> = {};
  for (const table of ['tools', 'categories', 'category_attributes', 'tool_specifications']) {
    const [row] = await run(database, `select count(*)::int as n from ${table}`);
    counts[table] = Number(row?.n ?? 0);
  }
  const expected: [string, number][] = [
    ['tools', sizes.tools],
    ['categories', sizes.topCategories + subcategories],
    ['category_attributes', (sizes.topCategories + subcategories) * 8],
    ['tool_specifications', sizes.tools * 16],
  ];
  const short = expected.filter(([table, minimum]) => (counts[table] ?? 0) < minimum);
  if (short.length > 0) throw new Error(`Seeding left too few rows: ${short.map(([table, minimum]) => `${table} ${counts[table]} < ${minimum}`).join(', ')}`);
  return { sizes, seconds, counts };
}

/** Opens the target, runs the shop's migrations, seeds the catalogue, closes. */
export function seedCatalogue(target: SeedTarget, sizes: CatalogueSizes, log: Log = console.log): Promise<CatalogueSeedReport> {
  return seedMigrated(target, log, (database) => seedInto(database, sizes, log));
}
