import { sql, type ColumnBuilderBase, type IsPrimaryKey, type NotNull } from 'drizzle-orm';
import { type AnyPgColumn, bigint, customType, type PgSequence, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Bytes (PDFs, pictures): a Buffer in the code, bytea in SQL. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** The row's own id: a random uuid the database draws. */
export const randomId = () => uuid('id').primaryKey().defaultRandom();

/** A column of drizzle's builders that can name a row of another table. */
type ReferringColumn = ColumnBuilderBase & {
  notNull(): { references(target: () => AnyPgColumn, actions?: { onDelete: 'cascade' }): unknown };
};

/** A column naming the row this one belongs to: required, and the row goes when that one goes. */
export const belongsTo = <Column extends ReferringColumn>(column: Column, owner: () => AnyPgColumn) =>
  column.notNull().references(owner, { onDelete: 'cascade' }) as NotNull<Column>;

/** A column that can name a row of another table and be this table's key. */
type KeyReferringColumn = ColumnBuilderBase & {
  primaryKey(): { references(target: () => AnyPgColumn, actions?: { onDelete: 'cascade' }): unknown };
};

/** The key of a row that belongs to one owner and is at most one per owner (a tool's place in its family): it goes when the owner goes. */
export const keyedByOwner = <Column extends KeyReferringColumn>(column: Column, owner: () => AnyPgColumn) =>
  column.primaryKey().references(owner, { onDelete: 'cascade' }) as IsPrimaryKey<NotNull<Column>>;

/**
 * The number people read a row by (`VL-10042`, `R-5001`), drawn from the table's own sequence so
 * that concurrent writers on any number of instances each take their own (decision 044).
 */
export const readableNumber = (sequence: PgSequence, uniqueName: string) =>
  bigint('number', { mode: 'number' })
    .notNull()
    .unique(uniqueName)
    .default(sql.raw(`nextval('${sequence.seqName}')`));

/** A required column naming a row that may not go while this one names it (an order, an invoice). */
export const requiredReference = <Column extends ReferringColumn>(column: Column, target: () => AnyPgColumn) =>
  column.notNull().references(target) as NotNull<Column>;

/** When the row was made, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When a row was made and last changed (the identity tables, as better-auth's adapter expects). */
export const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
