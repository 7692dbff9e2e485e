import { LRUCache } from 'lru-cache';

/**
 * Values kept in memory up to a number of bytes rather than of entries: entries differ a
 * thousandfold in size (a page of one tool, a page of a hundred), so only bytes bound the process.
 * Reading an entry makes it the newest; past the budget the least recently read go first. A value
 * larger than the whole budget is not kept (and replaces nothing: the key's older value goes).
 * lru-cache does the keeping; `calculatedSize` is what the kept values take, `maxSize` the budget.
 */
export function createBoundedMemory<V extends NonNullable<unknown>>(maxBytes: number, sizeOf: (value: V) => number): LRUCache<string, V> {
  return new LRUCache<string, V>({
    // lru-cache wants positive whole numbers: a budget under a byte keeps nothing, as it should.
    maxSize: Math.max(1, Math.floor(maxBytes)),
    // The key is held too (a cursor is a few hundred characters).
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value)) + key.length),
  });
}
