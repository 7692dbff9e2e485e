import { expect } from 'vitest';
import type { StockMove } from '@voltline/shared/stock-moves';
import { stockDifferences } from '../catalogue/stock-ledger.ts';
import type { DbExecutor } from '../db/client.ts';

/** Every tool's stock is the sum of its movements (decision 041): the check the owner runs, expected to name no tool. */
export async function expectLedgerBalanced(db: DbExecutor) {
  expect(await stockDifferences(db)).toEqual([]);
}

/** A history, newest first, whose running level adds up: each level is the one before it plus its units. */
export function expectRunningLevels(history: StockMove[]) {
  const oldestFirst = [...history].reverse();
  oldestFirst.slice(1).forEach((move, index) => expect(move.levelAfter, `movement ${index + 1}`).toBe(oldestFirst[index]!.levelAfter + move.units));
}
