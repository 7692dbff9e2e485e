import { and, asc, eq, getTableColumns, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import {
  authAccounts,
  authSessions,
  authUsers,
  businessAccounts,
  cartLines,
  creditNotes,
  customerGroupMembers,
  customerGroups,
  invoices,
  orderEvents,
  orders,
  queries,
  returnLines,
  returns,
  reviews,
  roleChanges,
  shipmentLines,
  shipments,
  stockAlerts,
  userProfiles,
} from '../db/schema.ts';
import type { Caller } from '../identity/caller.ts';
import { toOrderDtos } from '../orders/order-dto.ts';

/** Rows read at a time: a customer with thousands of orders streams through flat memory. */
const BATCH = 200;

/**
 * Columns that are secrets or the shop's own machinery, never the person's data: a session's token, a
 * sign-in's password hash and provider tokens, a document's stored PDF (its printed data is the row).
 */
const { token: _sessionToken, ...sessionColumns } = getTableColumns(authSessions);
const { password: _password, accessToken: _accessToken, refreshToken: _refreshToken, idToken: _idToken, ...accountColumns } = getTableColumns(authAccounts);
const { pdf: _invoicePdf, ...invoiceColumns } = getTableColumns(invoices);
const { pdf: _creditNotePdf, ...creditNoteColumns } = getTableColumns(creditNotes);

type Row = Record<string, unknown>;

/** Pages of one table's rows for one person, in the order of `id` (a unique column), after the last one read. */
async function* rowsOf(db: Database, table: PgTable, columns: Record<string, PgColumn>, belongs: SQL | undefined, id: PgColumn): AsyncGenerator<Row[]> {
  let after: unknown;
  for (;;) {
    const page = (await db
      .select(columns)
      .from(table)
      .where(after === undefined ? belongs : and(belongs, gt(id, after)))
      .orderBy(asc(id))
      .limit(BATCH)) as Row[];
    if (page.length > 0) yield page;
    if (page.length < BATCH) return;
    after = page.at(-1)![Object.keys(columns).find((key) => columns[key] === id)!];
  }
}

/** The caller's orders, oldest first, a batch at a time (orders_user_created_id_idx). */
async function* ordersOf(db: Database, userId: string): AsyncGenerator<(typeof orders.$inferSelect)[]> {
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const page = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), after && or(gt(orders.createdAt, after.createdAt), and(eq(orders.createdAt, after.createdAt), gt(orders.id, after.id)))))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(BATCH);
    if (page.length > 0) yield page;
    if (page.length < BATCH) return;
    after = page.at(-1)!;
  }
}

const groupBy = <T extends Row>(rows: T[], key: string) => {
  const groups = new Map<unknown, T[]>();
  for (const row of rows) groups.set(row[key], [...(groups.get(row[key]) ?? []), row]);
  return groups;
};

/**
 * GDPR art. 15 and 20 (issue 41, item 1): everything the shop keeps about the caller, as one JSON
 * document written a part at a time. Each order carries its lines, history, parcels, invoice and
 * credit notes; what names other people (an admin who acted, another customer) is left as the shop
 * recorded it about this person's own records.
 */
export function createMyDataExport(db: Database) {
  /** The caller's own orders with what hangs off each, a batch at a time. */
  async function* ordersWithEverything(userId: string): AsyncGenerator<Row[]> {
    for await (const page of ordersOf(db, userId)) {
      const ids = page.map((order) => order.id);
      const [dtos, history, parcels, parcelLines, invoiceRows, creditNoteRows] = await Promise.all([
        toOrderDtos(db, page),
        db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.at), asc(orderEvents.id)),
        db.select().from(shipments).where(inArray(shipments.orderId, ids)).orderBy(asc(shipments.shippedAt), asc(shipments.id)),
        db.select().from(shipmentLines).where(inArray(shipmentLines.orderId, ids)),
        db.select(invoiceColumns).from(invoices).where(inArray(invoices.orderId, ids)),
        db.select(creditNoteColumns).from(creditNotes).where(inArray(creditNotes.orderId, ids)).orderBy(asc(creditNotes.sequence)),
      ]);
      const [historyOf, parcelsOf, linesOfParcel, invoiceOf, creditNotesOf] = [
        groupBy(history, 'orderId'),
        groupBy(parcels, 'orderId'),
        groupBy(parcelLines, 'shipmentId'),
        groupBy(invoiceRows, 'orderId'),
        groupBy(creditNoteRows, 'orderId'),
      ];
      yield dtos.map((order) => ({
        ...order,
        history: (historyOf.get(order._id) ?? []).map(({ orderId: _orderId, ...event }) => event),
        shipments: (parcelsOf.get(order._id) ?? []).map((parcel) => ({ ...parcel, lines: linesOfParcel.get(parcel.id) ?? [] })),
        invoice: invoiceOf.get(order._id)?.[0] ?? null,
        creditNotes: creditNotesOf.get(order._id) ?? [],
      }));
    }
  }

  /** The caller's returns, each with its lines. */
  async function* returnsWithLines(userId: string): AsyncGenerator<Row[]> {
    for await (const page of rowsOf(db, returns, getTableColumns(returns), eq(returns.userId, userId), returns.id)) {
      const lines = groupBy(await db.select().from(returnLines).where(inArray(returnLines.returnId, page.map((row) => row.id as string))), 'returnId');
      yield page.map((row) => ({ ...row, lines: lines.get(row.id) ?? [] }));
    }
  }

  /**
   * The parts of the file, in its order: each a list read a batch at a time, or one record (or null),
   * read only when the file reaches it (a download stopped half-way reads no further).
   */
  function partsOf(caller: Caller): [string, () => AsyncGenerator<Row[]> | Promise<Row | null>][] {
    const email = caller.email.toLowerCase();
    const one = async (rows: Promise<Row[]>) => (await rows)[0] ?? null;
    return [
      ['account', () => one(db.select(getTableColumns(authUsers)).from(authUsers).where(eq(authUsers.id, caller.userId)))],
      ['signInMethods', () => rowsOf(db, authAccounts, accountColumns, eq(authAccounts.userId, caller.userId), authAccounts.id)],
      ['sessions', () => rowsOf(db, authSessions, sessionColumns, eq(authSessions.userId, caller.userId), authSessions.id)],
      ['profile', () => one(db.select().from(userProfiles).where(eq(userProfiles.id, caller.profileId)))],
      ['businessAccount', () => one(db.select().from(businessAccounts).where(eq(businessAccounts.customerId, caller.userId)))],
      // The group an admin put them in (decision 059); none: their own (trade when approved, else retail).
      [
        'customerGroup',
        () =>
          one(
            db
              .select({ key: customerGroups.key, name: customerGroups.name, placedAt: customerGroupMembers.placedAt })
              .from(customerGroupMembers)
              .innerJoin(customerGroups, eq(customerGroups.key, customerGroupMembers.groupKey))
              .where(eq(customerGroupMembers.userId, caller.userId)),
          ),
      ],
      ['roleChanges', () => rowsOf(db, roleChanges, getTableColumns(roleChanges), eq(roleChanges.profileId, caller.profileId), roleChanges.id)],
      ['orders', () => ordersWithEverything(caller.userId)],
      ['returns', () => returnsWithLines(caller.userId)],
      ['reviews', () => rowsOf(db, reviews, getTableColumns(reviews), eq(reviews.userId, caller.userId), reviews.id)],
      ['queries', () => rowsOf(db, queries, getTableColumns(queries), sql`lower(${queries.email}) = ${email}`, queries.id)],
      ['cart', () => rowsOf(db, cartLines, getTableColumns(cartLines), eq(cartLines.userId, caller.userId), cartLines.toolId)],
      ['stockAlerts', () => rowsOf(db, stockAlerts, getTableColumns(stockAlerts), eq(stockAlerts.email, email), stockAlerts.id)],
    ];
  }

  return {
    /** The JSON text of the caller's data, a part at a time (GET /api/me/export). */
    async *exportOf(caller: Caller, now = new Date()): AsyncGenerator<string> {
      yield `{"format":"voltline-my-data","version":1,"exportedAt":${JSON.stringify(now.toISOString())}`;
      for (const [name, read] of partsOf(caller)) {
        const part = read();
        if (part instanceof Promise) {
          yield `,${JSON.stringify(name)}:${JSON.stringify(await part)}`;
          continue;
        }
        yield `,${JSON.stringify(name)}:[`;
        let first = true;
        for await (const batch of part) {
          yield `${first ? '' : ','}${batch.map((row) => JSON.stringify(row)).join(',')}`;
          first = false;
        }
        yield ']';
      }
      yield '}\n';
    },
  };
}

export type MyDataExport = ReturnType<typeof createMyDataExport>;
