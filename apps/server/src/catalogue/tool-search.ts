import { and, sql, type SQL } from 'drizzle-orm';
import { tools } from '../db/schema.ts';
import { likePattern } from '../platform/paging.ts';

/*
 * What a catalogue search finds (issue 43): a tool whose name holds every word of the search, in any
 * order, each word cut to its stem by a plural rule of English ("drills" finds the drills, "hammer
 * drill" and "drill hammer" the same tools). Each word is a LIKE '%word%' on lower(tool_name), which
 * the trigram index tools_name_trgm_idx (migration 0021) serves, the words' conditions together as
 * one bitmap. Typo tolerance is the catalogue issue's (#40), not this rule's.
 */

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

/** The condition of a tool's name matching `search`. */
export function toolNameMatches(search: string): SQL | undefined {
  return and(...searchWords(search).map((word) => sql`lower(${tools.toolName}) like ${likePattern(word, 'contains')}`));
}
