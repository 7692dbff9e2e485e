import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Bytes (PDFs, pictures): a Buffer in the code, bytea in SQL. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** When the row was made, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When a row was made and last changed (the identity tables, as better-auth's adapter expects). */
export const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
