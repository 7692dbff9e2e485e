/**
 * Values kept in memory up to a number of bytes rather than of entries: entries differ a
 * thousandfold in size (a page of one tool, a page of a hundred), so only bytes bound the process.
 * Reading an entry makes it the newest; past the budget the least recently read go first. A value
 * larger than the whole budget is not kept.
 */
export function createBoundedMemory<V>(maxBytes: number, sizeOf: (value: V) => number) {
  const entries = new Map<string, { value: V; bytes: number }>();
  let bytes = 0;

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },

    set(key: string, value: V): void {
      forget(key);
      // The key is held too (a cursor is a few hundred characters).
      const size = sizeOf(value) + key.length;
      if (size > maxBytes) return;
      entries.set(key, { value, bytes: size });
      bytes += size;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        forget(oldest);
      }
    },

    delete: forget,

    clear(): void {
      entries.clear();
      bytes = 0;
    },

    /** What the kept values take, as counted when they were kept. */
    get bytes(): number {
      return bytes;
    },

    get maxBytes(): number {
      return maxBytes;
    },
  };
}
