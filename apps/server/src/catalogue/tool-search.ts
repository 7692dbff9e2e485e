import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { gtinOfSearch } from '@voltline/shared/tool-codes';
import { tools } from '../db/schema.ts';
import type { DbExecutor } from '../db/client.ts';
import { likePattern } from '../platform/paging.ts';

/*
 * What a catalogue search finds (issue 43, made typo-tolerant by issue 40; decision 047): a tool
 * whose name holds every word of the search, in any order, each word cut to its stem by a plural
 * rule of English ("drills" finds the drills, "hammer drill" and "drill hammer" the same tools); a
 * word of five letters or more also finds a name with a word close to it ("impakt" finds "impact",
 * pg_trgm's word similarity); a number with its unit finds it written together or apart ("18v" finds
 * "18 V"). Or a tool whose SKU starts with the search, or whose GTIN is the search's digits.
 *
 * Every condition reads an index: the name's words the trigram index tools_name_trgm_idx (migration
 * 0021; LIKE '%word%' and the word-similarity operator alike), the SKU its unique text_pattern_ops
 * index, the GTIN its unique index; the planner joins their bitmaps.
 */

/**
 * How close a word must come to a word of the name to count as a typo of it (0 to 1): "impakt" and
 * "impact" are 0.57, "circlar" and "circular" 0.55; "drill" is 0.5 from "grill" and from "driver",
 * which stay out.
 */
export const TYPO_WORD_SIMILARITY = 0.52;
/**
 * Shorter words are matched as typed (within a longer word too: "dril" finds "drill"): four letters
 * have too few trigrams to tell a typo from another word ("dril" would find "driver").
 */
const TYPO_MIN_LENGTH = 5;

/** A word without its plural ending: batteries -> battery, boxes -> box, drills -> drill; "ss" (glass) and short words stay. */
function stemOf(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** The search's words as they are matched: lower case, stemmed, each once. */
function searchWords(search: string): string[] {
  return [...new Set(search.toLowerCase().split(/\s+/).filter((word) => word !== '').map(stemOf))];
}

/** A number with its unit is written together or apart: "18v" is also "18 v", "5.0ah" "5.0 ah". */
function spellingsOf(word: string): string[] {
  const numberAndUnit = /^(\d+(?:[.,]\d+)?)(\p{L}+)$/u.exec(word);
  return numberAndUnit ? [word, `${numberAndUnit[1]} ${numberAndUnit[2]}`] : [word];
}

const nameText = sql`lower(${tools.toolName})`;

/** The name holds the word as it is typed (or its number and unit apart). */
const nameHolds = (word: string) => or(...spellingsOf(word).map((spelling) => sql`${nameText} like ${likePattern(spelling, 'contains')}`))!;

/** The name holds the word, or a word close to it: only for words of letters, long enough to have a typo. */
function nameMatchesWord(word: string): SQL {
  const typoTolerant = word.length >= TYPO_MIN_LENGTH && /^\p{L}+$/u.test(word);
  // %> with the indexed text on its left: word_similarity(word, name) >= the threshold the search's transaction sets.
  return typoTolerant ? or(nameHolds(word), sql`${nameText} %> ${word}`)! : nameHolds(word);
}

/** The condition of a tool's name matching `search`: each of its words, typos allowed. */
function toolNameMatches(search: string): SQL | undefined {
  return and(...searchWords(search).map(nameMatchesWord));
}

/** A search with no space in it may be a SKU's start (SKUs hold none). */
const skuPrefixOf = (search: string) => {
  const trimmed = search.trim();
  return trimmed !== '' && !/\s/.test(trimmed) ? trimmed : undefined;
};

function skuStartsWith(search: string): SQL | undefined {
  const prefix = skuPrefixOf(search);
  // "sku is not null" names the partial index's own condition, so the planner may read it.
  return prefix === undefined ? undefined : and(isNotNull(tools.sku), sql`lower(${tools.sku}) like ${likePattern(prefix, 'prefix')}`);
}

function gtinIs(search: string): SQL | undefined {
  const gtin = gtinOfSearch(search);
  return gtin === undefined ? undefined : and(isNotNull(tools.gtin), eq(tools.gtin, gtin));
}

/** What a catalogue search finds: the name's words (typos allowed), a SKU's start, a whole GTIN. */
export function toolSearchMatches(search: string): SQL | undefined {
  return or(toolNameMatches(search), skuStartsWith(search), gtinIs(search));
}

/**
 * How well a tool matches `search`, a whole number, higher first: its GTIN, then its exact SKU, then
 * a SKU's start, then a name holding every word as typed, before names matched through a typo; among
 * each, the closest name (pg_trgm's word similarity of the whole search), then the shorter name of
 * two equally close (it says less besides the search). A whole number, so that a page's cursor
 * carries it exactly.
 */
export function toolSearchRank(search: string): SQL<number> {
  const words = searchWords(search);
  const phrase = words.join(' ');
  const prefix = skuPrefixOf(search);
  const tier = (condition: SQL | undefined, points: number) => (condition === undefined ? sql`0` : sql`case when ${condition} then ${sql.raw(String(points))} else 0 end`);
  const everyWordAsTyped = words.length === 0 ? undefined : and(...words.map(nameHolds));
  return sql<number>`(greatest(
      ${tier(gtinIs(search), 4)},
      ${tier(prefix === undefined ? undefined : sql`lower(${tools.sku}) = ${prefix.toLowerCase()}`, 3)},
      ${tier(skuStartsWith(search), 2)},
      ${tier(everyWordAsTyped, 1)}
    ) * 1000000
    + round(1000 * word_similarity(${phrase}, ${nameText})) * 1000
    + 999 - least(char_length(${tools.toolName}), 999))::integer`;
}

/**
 * Runs a search's statements with its typo threshold: pg_trgm's operator reads it from the session,
 * so it is set for this transaction only (a pooled connection goes back as it came).
 */
export function withSearchThreshold<T>(db: DbExecutor, run: (tx: DbExecutor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_WORD_SIMILARITY)}, true)`);
    return run(tx);
  });
}
