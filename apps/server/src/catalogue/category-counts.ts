import { and, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { CategoryCount } from '@voltline/shared/categories';
import type { DbExecutor } from '../db/client.ts';
import { tools } from '../db/schema.ts';
import type { CategoryForest } from './categories-service.ts';

/**
 * The search's category filter with its counts (issue 40, item 5; decision 049): without a category
 * chosen, each top-level category; within one, each of its subcategories; each with how many tools
 * matching `matching` (every other filter) lie in it or below it. Every one is listed, a 0 beside
 * those the other filters empty, so the list does not jump as filters change (as the facets).
 *
 * One statement: the matching tools counted per category they sit in, found through the index the
 * other filters give (a word the trigram index, a category's branch, an `in` list on category_id,
 * the index on (category_id, price_cents, id)); the whole catalogue without a word is one read of
 * `tools` (28 ms at 50,000 tools under load, EXPLAIN ANALYZE), which the search's cache keeps from
 * repeating (catalogue-service.ts). The tree, in memory (a few hundred rows), adds each count up to
 * the category listed above it. The answer is bounded by the tree's width, never by the tools.
 */
export async function countToolsByCategory(executor: DbExecutor, forest: CategoryForest, chosenId: string | undefined, matching: SQL | undefined): Promise<CategoryCount[]> {
  const listed = chosenId === undefined ? forest.rows.filter((row) => row.parentId === null) : forest.childrenOf(chosenId);
  if (listed.length === 0) return [];
  const counted = await executor
    .select({ categoryId: tools.categoryId, count: sql<number>`count(*)::int` })
    .from(tools)
    .where(and(isNotNull(tools.categoryId), matching))
    .groupBy(tools.categoryId);
  const countIn = new Map(counted.map((row) => [row.categoryId, row.count]));
  return listed.map((category) => ({
    slug: category.slug,
    name: category.name,
    count: forest.branchOf(category.id).reduce((sum, id) => sum + (countIn.get(id) ?? 0), 0),
  }));
}
