import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quantityBreach } from '@voltline/shared/order-rules';
import type { DatabaseHandle } from '../../db/client.ts';
import { tools } from '../../db/schema.ts';
import { newToolRow } from '../../test-support/test-orders.ts';
import { testDatabaseKinds } from '../../test-support/test-databases.ts';
import { orderableUnitsOf, quantityWithinBoundsSql } from './units.ts';

/**
 * The quantity bounds have one owner (quantityBreach); the SQL that re-checks a locked tools row
 * (placing's one statement) says them again in the database's words, so it is held here to the
 * same answers, at and around every edge: the minimum, what can still be ordered, a tool whose
 * promised units leave less than its minimum, and one with nothing left.
 */
const shelves = [
  { minimumOrderQuantity: 1, availableQuantity: 5, promisedQuantity: 0 },
  { minimumOrderQuantity: 3, availableQuantity: 10, promisedQuantity: 4 },
  { minimumOrderQuantity: 4, availableQuantity: 6, promisedQuantity: 3 },
  { minimumOrderQuantity: 2, availableQuantity: 1, promisedQuantity: 3 },
];
const quantities = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 11];

describe.each(testDatabaseKinds)('the quantity bounds in SQL on $name', (kind) => {
  let database: DatabaseHandle;
  let rows: (typeof tools.$inferSelect)[];

  beforeAll(async () => {
    database = await kind.open();
    rows = await database.db
      .insert(tools)
      .values(shelves.map((shelf, index) => ({ ...newToolRow({ toolName: `Bounded ${index}` }), ...shelf })))
      .returning();
  });
  afterAll(() => database.close());

  it('takes exactly the quantities quantityBreach takes', async () => {
    for (const quantity of quantities) {
      const answers = await database.db
        .select({ id: tools.id, within: quantityWithinBoundsSql(quantity) })
        .from(tools)
        .where(inArray(tools.id, rows.map((row) => row.id)));
      for (const row of rows) {
        const expected = quantityBreach({ minimum: row.minimumOrderQuantity, orderable: orderableUnitsOf(row) }, quantity) === null;
        expect(answers.find((answer) => answer.id === row.id)?.within, `${quantity} of ${row.toolName}`).toBe(expected);
      }
    }
  });
});
