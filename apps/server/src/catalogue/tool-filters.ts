import { and, gte, inArray, lte, sql, type SQL, eq } from 'drizzle-orm';
import type { Facet, ToolSearchAnswer, ToolSearchQuery } from '@voltline/shared/categories';
import type { Database, DbExecutor } from '../db/client.ts';
import type { categoryAttributes} from '../db/schema.ts';
import { tools, toolSpecifications } from '../db/schema.ts';
import { orderableUnitsSql } from '../orders/lifecycle/index.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import type { KeysetOrder, Page as PageOf, Paging } from '../platform/paging.ts';
import type { CategoriesService } from './categories-service.ts';
import { toToolDto } from './tool-dto.ts';
import { toolSearchMatches, withSearchThreshold } from './tool-search.ts';
import { countToolsByCategory } from './category-counts.ts';

type AttributeRow = typeof categoryAttributes.$inferSelect;

const badFilter = (message: string) => new AppError('bad_request', message);

/** A number filter's bounds: `150..` (at least), `..2` (at most), `12..18`, or `18` (exactly). */
function rangeOf(attribute: AttributeRow, raw: string): { low?: number; high?: number } {
  const [low, high] = raw.includes('..') ? raw.split('..', 2) : [raw, raw];
  const bound = (text: string | undefined) => {
    if (text === undefined || text.trim() === '') return undefined;
    const value = Number(text.trim());
    if (!Number.isFinite(value)) throw badFilter(`The filter on ${attribute.name} must be a range of numbers such as 150.. or 12..18.`);
    return value;
  };
  return { low: bound(low), high: bound(high) };
}

/** The condition one attribute's filter puts on a tool: any of its chosen values (choices), within its range (numbers). */
function attributeCondition(attribute: AttributeRow, raws: string[]): SQL | undefined {
  const valueOf = (() => {
    if (attribute.kind === 'number') {
      const ranges = raws.map((raw) => rangeOf(attribute, raw));
      const low = Math.max(...ranges.map((range) => range.low ?? Number.NEGATIVE_INFINITY));
      const high = Math.min(...ranges.map((range) => range.high ?? Number.POSITIVE_INFINITY));
      return and(Number.isFinite(low) ? gte(toolSpecifications.numberValue, low) : undefined, Number.isFinite(high) ? lte(toolSpecifications.numberValue, high) : undefined);
    }
    if (attribute.kind === 'choice') {
      const chosen = attribute.choices.filter((choice) => raws.some((raw) => raw.toLowerCase() === choice.toLowerCase()));
      if (chosen.length === 0) throw badFilter(`${attribute.name} has no choice ${raws.map((raw) => `"${raw}"`).join(' or ')}: it is one of ${attribute.choices.join(', ')}.`);
      return inArray(toolSpecifications.choiceValue, chosen);
    }
    const answers = new Set(
      raws.map((raw) => {
        const answer = ({ yes: true, no: false, true: true, false: false } as Record<string, boolean>)[raw.toLowerCase()];
        if (answer === undefined) throw badFilter(`The filter on ${attribute.name} is yes or no.`);
        return answer;
      }),
    );
    return answers.size === 2 ? undefined : eq(toolSpecifications.yesNoValue, [...answers][0]!);
  })();
  return sql`exists (select 1 from ${toolSpecifications} where ${toolSpecifications.toolId} = ${tools.id} and ${toolSpecifications.attributeId} = ${attribute.id} and ${valueOf ?? sql`true`})`;
}

/** A tool of the page (its id and cursor key), or the total or one facet value's count (no id). */
interface FoundRow extends Record<string, unknown> {
  id: string | null;
  cursor_key: string | null;
  attribute_id: string | null;
  choice_value: string | null;
  yes_no_value: boolean | null;
  count: number;
  low: number | null;
  high: number | null;
}

/**
 * The page of tools matching every filter, their total, and each attribute's facet: its values'
 * counts (or its numbers' range) among the tools matching every filter but its own. One statement
 * (decision 074): the tools the filters that are not specifications leave (category, search word,
 * price, stock) are found once, each with its sort key and marked with which specification filters
 * it passes; the page is the first of them passing every filter after the cursor, and a value of
 * attribute A counts where every filter but A's passes. The search word is judged once so: a
 * separate page statement judged it again on every tool of the category. One statement per facet
 * walked the category again for each (decision 069). The page's tools are then read by their ids.
 */
async function pageAndFacets(
  executor: DbExecutor,
  page: ReturnType<Paging['page']>,
  order: KeysetOrder,
  base: SQL | undefined,
  attributes: AttributeRow[],
  filters: Map<string, SQL | undefined>,
  judgesWord: boolean,
): Promise<{ found: PageOf<{ tool: typeof tools.$inferSelect; cursorKey: string }>; total: number; facets: Facet[] }> {
  const chosen = [...filters].map(([attributeId, condition], index) => ({ attributeId, condition: condition ?? sql`true`, flag: sql.raw(`passes_${index}`) }));
  const passesAll = chosen.length === 0 ? sql`true` : sql.join(chosen.map(({ flag }) => flag), sql` and `);
  const marks = chosen.map(({ condition, flag }) => sql`, ${condition} as ${flag}`);
  // A value of attribute A counts when every filter but A's passes.
  const passesOthers = chosen.length === 0 ? sql`true` : sql.join(chosen.map(({ attributeId, flag }) => sql`(${toolSpecifications.attributeId} = ${attributeId} or matching.${flag})`), sql` and `);
  const facetRows =
    attributes.length === 0
      ? sql``
      : sql`union all
         select ${toolSpecifications.attributeId}, ${toolSpecifications.choiceValue}, ${toolSpecifications.yesNoValue}, count(*)::int, min(${toolSpecifications.numberValue}), max(${toolSpecifications.numberValue})
         from matching join ${toolSpecifications} on ${toolSpecifications.toolId} = matching.id
           and ${toolSpecifications.attributeId} in (${sql.join(attributes.map((attribute) => sql`${attribute.id}`), sql`, `)})
         where ${passesOthers}
         group by ${toolSpecifications.attributeId}, ${toolSpecifications.choiceValue}, ${toolSpecifications.yesNoValue}`;
  // A tool failing two specification filters counts nowhere (a facet leaves out its own filter only), so with two filters
  // or more such tools are left out of the CTE. At 50,000 tools, a top category's "driver" with 3 filters keeps 251 tools
  // instead of 931 for the facets' join, and the planner, seeing fewer rows worth the search word's costly judging
  // (pg_trgm's word similarity), reads the trigram index beside the category's: the word judged on 931 tools, not 5,017.
  const failsAtMostOne = chosen.length < 2 ? undefined : sql`${sql.join(chosen.map(({ condition }) => sql`(not ${condition})::int`), sql` + `)} <= 1`;
  const direction = sql.raw(order.direction);
  // The sort key is computed with the match (the relevance rank reads the name once more, on the matches only), so the page is sorted from the CTE.
  // Without a search word nothing costly is judged twice: the page stays its own statement beside the counting one (the
  // sort's index, stopped after the page's rows). Picked from the CTE, PGlite's unfiltered top category cost 75 ms of
  // CPU per request instead of 41 (bench:growth, GROWTH_ONLY=catalogue).
  const pageOnItsOwn = judgesWord
    ? undefined
    : page.read(executor.select({ tool: tools, cursorKey: page.cursorKey }).from(tools).$dynamic(), and(base, ...chosen.map(({ condition }) => condition)), (row) => row.tool.id);
  const pageInStatement = sql`,
    page as (
      select id, sort_key from matching where ${passesAll} and ${page.afterCursor(sql`sort_key`, sql`id`) ?? sql`true`}
      order by sort_key ${direction}, id ${direction} limit ${page.rowsToRead}
    )`;
  const pageRows = sql`select page.id, page.sort_key::text as cursor_key, row_number() over (order by page.sort_key ${direction}, page.id ${direction}) as place,
      null::uuid as attribute_id, null::text as choice_value, null::boolean as yes_no_value, null::int as count, null::float8 as low, null::float8 as high
    from page
    union all`;
  const found = sql`
    with matching as materialized (select ${tools.id} as id${judgesWord ? sql`, ${order.key} as sort_key` : sql``}${sql.join(marks, sql``)} from ${tools} where ${and(failsAtMostOne, base) ?? sql`true`})${judgesWord ? pageInStatement : sql``},
    counted as (
      select null::uuid as attribute_id, null::text as choice_value, null::boolean as yes_no_value, count(*)::int as count, null::float8 as low, null::float8 as high
      from matching where ${passesAll}
      ${facetRows}
    )
    ${judgesWord ? pageRows : sql``}
    select null${judgesWord ? sql`, null, null,` : sql`::uuid as id, null::text as cursor_key, null::bigint as place,`} counted.* from counted
    order by place`;
  const [rows, ownPage] = await Promise.all([executor.execute<FoundRow>(found) as unknown as Promise<{ rows: FoundRow[] }>, pageOnItsOwn]);
  const pageIds = page.finish(
    rows.rows.flatMap((row) => (row.id === null ? [] : [{ id: row.id, cursorKey: row.cursor_key! }])),
    (row) => row.id,
  );
  // The page's tools are read by their ids, not joined in the statement above: the planner, guessing
  // thousands of count rows, hash-joined every tool of the shop to them (72 ms of a top category's 153).
  const pageTools = pageIds.items.length === 0 ? [] : await executor.select().from(tools).where(inArray(tools.id, pageIds.items.map((row) => row.id)));
  const toolOf = new Map(pageTools.map((tool) => [tool.id, tool]));
  // A tool deleted between the two statements (a search without a word has no transaction) is left out of its page.
  const items = pageIds.items.flatMap(({ id, cursorKey }) => {
    const tool = toolOf.get(id);
    return tool === undefined ? [] : [{ tool, cursorKey }];
  });
  const counted = rows.rows.filter((row) => row.id === null);
  const total = counted.find((row) => row.attribute_id === null)?.count ?? 0;
  const facets = attributes.map((attribute): Facet => {
    const described = { _id: attribute.id, name: attribute.name, kind: attribute.kind, unit: attribute.unit };
    const ofAttribute = counted.filter((row) => row.attribute_id === attribute.id);
    if (attribute.kind === 'number') return { attribute: described, values: { min: ofAttribute[0]?.low ?? null, max: ofAttribute[0]?.high ?? null } };
    const countOf = (value: string | boolean) => ofAttribute.find((row) => (attribute.kind === 'choice' ? row.choice_value : row.yes_no_value) === value)?.count ?? 0;
    // Every value is listed, a 0 beside those no tool matches now: the list does not jump as filters change.
    const values = attribute.kind === 'choice' ? attribute.choices : [true, false];
    return { attribute: described, values: values.map((value) => ({ value, count: countOf(value) })) };
  });
  return { found: ownPage ?? { items, nextCursor: pageIds.nextCursor }, total, facets };
}

/**
 * GET /api/tools/search (issue 40, item 5; decision 049): the catalogue narrowed by a category (with
 * its subcategories), the category's specifications, a price range and in stock only; with each
 * specification's facet counted given the other filters (the filter of the facet itself left out,
 * so a buyer sees how many tools each other choice would give). Facets are only the category's
 * (and those above it): a shop-wide search offers no specifications, never every attribute of the shop;
 * it offers the top-level categories instead, each counted (category-counts.ts), and a category its
 * subcategories.
 */
export function createToolFilters(
  db: Database,
  paging: Paging,
  categories: CategoriesService,
  orderOf: (query: Pick<ToolSearchQuery, 'sort' | 'q'>) => { sort: string; order: KeysetOrder },
) {
  return async function searchTools(query: ToolSearchQuery): Promise<ToolSearchAnswer> {
    const forest = await categories.forest();
    let branch: string[] | undefined;
    let attributes: AttributeRow[] = [];
    let categoryId: string | undefined;
    if (query.category !== undefined) {
      const category = forest.rows.find((row) => row.slug === query.category);
      if (!category) throw notFound('Category not found');
      categoryId = category.id;
      branch = forest.branchOf(category.id);
      attributes = await categories.attributesFor(forest, category.id);
    }

    const chosen = new Map<string, string[]>();
    for (const filter of query.filter) {
      const colon = filter.indexOf(':');
      const [attributeId, value] = [filter.slice(0, colon).toLowerCase(), filter.slice(colon + 1).trim()];
      if (!attributes.some((attribute) => attribute.id === attributeId))
        throw badFilter(query.category === undefined ? 'Choose a category to filter by its specifications.' : 'A filter names a specification this category does not have.');
      chosen.set(attributeId, [...(chosen.get(attributeId) ?? []), value]);
    }
    const filterConditions = new Map(attributes.filter((attribute) => chosen.has(attribute.id)).map((attribute) => [attribute.id, attributeCondition(attribute, chosen.get(attribute.id)!)]));

    const base = and(
      branch === undefined ? undefined : inArray(tools.categoryId, branch),
      // The search word finds what the catalogue's search finds (names with typos, a SKU's start, a GTIN): one owner, tool-search.ts.
      query.q === undefined ? undefined : toolSearchMatches(query.q),
      query.minPrice === undefined ? undefined : gte(tools.priceCents, Math.round(query.minPrice * 100)),
      query.maxPrice === undefined ? undefined : lte(tools.priceCents, Math.round(query.maxPrice * 100)),
      query.inStock ? sql`${orderableUnitsSql} >= ${tools.minimumOrderQuantity}` : undefined,
    );

    // The order of the catalogue's list: with a search and no sort, the best match first.
    const { sort, order } = orderOf(query);
    const page = paging.page({
      list: `tools-search:${sort}`,
      order,
      scope: { q: query.q, category: query.category, filter: [...query.filter].sort().join('\n'), minPrice: query.minPrice, maxPrice: query.maxPrice, inStock: query.inStock },
      query,
    });

    const read = (executor: DbExecutor) =>
      Promise.all([
        pageAndFacets(executor, page, order, base, attributes, filterConditions, query.q !== undefined),
        // The category filter's counts: every other filter applies (the chosen category's branch among them).
        countToolsByCategory(executor, forest, categoryId, and(base, ...filterConditions.values())),
      ]);
    // A search word's typos are judged at the catalogue search's threshold, which its transaction sets.
    const [{ found, total, facets }, categoryCounts] = query.q === undefined ? await read(db) : await withSearchThreshold(db, read);
    return { tools: found.items.map((row) => toToolDto(row.tool)), facets, categories: categoryCounts, total, nextCursor: found.nextCursor ?? null };
  };
}
