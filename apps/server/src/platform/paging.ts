import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { PAGE_LIMIT_DEFAULT, type PageQuery } from '@voltline/shared/paging';
import { AppError } from './app-error.ts';

/**
 * Keyset paging for every list that grows with the business. A page is "the next N rows after
 * (sort key, id)", so it costs one index range scan however deep it is, and rows inserted while
 * someone pages never shift what the next page holds. The cursor carries that position, signed,
 * together with the list, sort and filters it belongs to: a tampered or foreign cursor is refused.
 */
export interface KeysetOrder {
  /** The sort key: a column or an expression an index serves, made unique by the id after it. */
  key: AnyColumn | SQL;
  /** How the key's text form in a cursor is read back, exactly (timestamps keep their microseconds). */
  keyType: 'timestamptz' | 'date' | 'integer' | 'text' | 'uuid';
  id: AnyColumn;
  idType: 'uuid' | 'text';
  direction: 'asc' | 'desc';
}

export interface PageRequest {
  /** Which list (and sort) the cursor belongs to. */
  list: string;
  order: KeysetOrder;
  /** Everything else that decides which rows are in the list (filters, search): part of the cursor's scope. */
  scope?: Record<string, string | number | boolean | undefined>;
  query: PageQuery;
}

/** A row of a page's select: what it names, the cursor's sort key among it. */
type SelectedRow<Select extends PgSelect> = Awaited<Select>[number] & { cursorKey: string };

export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

const invalidCursor = () => new AppError('bad_request', 'This page link is not valid (it belongs to another list or was changed). Start again from the first page.');

function scopeText(request: PageRequest): string {
  const entries = Object.entries(request.scope ?? {})
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([request.list, entries]);
}

export function createPaging(secret: string) {
  const sign = (text: string) => createHmac('sha256', `paging:${secret}`).update(text).digest().subarray(0, 16);

  function encode(scope: string, key: [string, string]): string {
    const payload = Buffer.from(JSON.stringify(key)).toString('base64url');
    return `${payload}.${sign(`${scope}\n${payload}`).toString('base64url')}`;
  }

  function decode(scope: string, cursor: string): [string, string] {
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined) throw invalidCursor();
    const expected = sign(`${scope}\n${payload}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
    const key: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(key) || key.length !== 2 || !key.every((part) => typeof part === 'string')) throw invalidCursor();
    return key as [string, string];
  }

  return {
    /**
     * One page of a list: its select names `cursorKey` among its fields, and `read` runs it after the
     * cursor, in the keyset's order, one row more than the page (to know whether another follows).
     */
    page(request: PageRequest) {
      const { order } = request;
      const scope = scopeText(request);
      const limit = request.query.limit ?? PAGE_LIMIT_DEFAULT;
      const after = request.query.cursor === undefined ? undefined : decode(scope, request.query.cursor);
      const direction = order.direction === 'desc' ? desc : asc;
      const comparison = order.direction === 'desc' ? sql.raw('<') : sql.raw('>');
      const afterCursor = (key: AnyColumn | SQL, id: AnyColumn | SQL) =>
        after ? sql`(${key}, ${id}) ${comparison} (cast(${after[0]} as ${sql.raw(order.keyType)}), cast(${after[1]} as ${sql.raw(order.idType)}))` : undefined;
      const where = afterCursor(order.key, order.id);
      const orderBy = [direction(order.key), direction(order.id)] as const;
      const finish = <Row extends { cursorKey: string }>(rows: Row[], idOf: (row: Row) => string): Page<Row> => {
        if (rows.length <= limit) return { items: rows };
        const items = rows.slice(0, limit);
        const last = items[items.length - 1]!;
        return { items, nextCursor: encode(scope, [last.cursorKey, idOf(last)]) };
      };
      return {
        cursorKey: sql<string>`(${order.key})::text`,
        /**
         * For a statement that picks its page itself, among other rows it reads (the filtered search
         * picks its page from the tools it counts, decision 074): the cursor's condition on the sort
         * key and id as that statement names them (undefined on the first page), and how many rows to
         * pick, in the keyset's order; `finish` makes the page of them.
         */
        afterCursor,
        rowsToRead: limit + 1,
        finish,
        /**
         * The page: `select` (made `$dynamic()`, with no where of its own) narrowed to the rows
         * `conditions` keep after the cursor; `idOf` is a row's id, the cursor's tie-breaker.
         */
        async read<Select extends PgSelect>(
          select: Select,
          conditions: SQL | undefined,
          idOf: (row: SelectedRow<Select>) => string,
        ): Promise<Page<SelectedRow<Select>>> {
          const rows = (await select
            .where(and(conditions, where))
            .orderBy(...orderBy)
            .limit(limit + 1)) as SelectedRow<Select>[];
          return finish(rows, idOf);
        },
      };
    },
  };
}
export type Paging = ReturnType<typeof createPaging>;

/** Maps a page's rows to what the API answers, keeping its cursor. */
export function mapPage<Row, Item>(page: Page<Row>, toItem: (row: Row) => Item): Page<Item> {
  return { items: page.items.map(toItem), nextCursor: page.nextCursor };
}

/** `q` as a LIKE pattern that matches literally: %, _ and \ in a search are plain characters. */
export function likePattern(search: string, where: 'prefix' | 'contains'): string {
  const escaped = search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
  return where === 'prefix' ? `${escaped}%` : `%${escaped}%`;
}
