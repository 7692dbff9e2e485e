import { describe, expect, it } from 'vitest';
import { createBoundedMemory } from './bounded-memory.ts';

// The caches, the kept PDFs and share images and placement's remembered tools all rely on these.
describe('memory bounded in bytes', () => {
  const ofLength = (value: string) => value.length;

  it('counts each value with its key, and drops the least recently read past the budget', () => {
    const memory = createBoundedMemory<string>(30, ofLength);
    memory.set('a', 'x'.repeat(9));
    memory.set('b', 'x'.repeat(9));
    memory.set('c', 'x'.repeat(9));
    expect(memory.calculatedSize).toBe(30);
    // Read last, so b is now the least recently read.
    expect(memory.get('a')).toHaveLength(9);
    memory.set('d', 'x'.repeat(4));
    expect(memory.get('b')).toBeUndefined();
    expect([memory.get('a'), memory.get('c'), memory.get('d')].map((value) => value?.length)).toEqual([9, 9, 4]);
    expect(memory.calculatedSize).toBe(25);
  });

  it('keeps no value larger than the whole budget, and forgets what the key held before', () => {
    const memory = createBoundedMemory<string>(30, ofLength);
    memory.set('a', 'small');
    memory.set('b', 'kept');
    memory.set('a', 'x'.repeat(30));
    expect(memory.get('a')).toBeUndefined();
    expect(memory.get('b')).toBe('kept');
    expect(memory.calculatedSize).toBe(5);
  });

  it('forgets one key or everything', () => {
    const memory = createBoundedMemory<string>(30, ofLength);
    memory.set('a', 'one');
    memory.set('b', 'two');
    memory.delete('a');
    expect(memory.calculatedSize).toBe(4);
    memory.clear();
    expect(memory.calculatedSize).toBe(0);
    expect(memory.get('b')).toBeUndefined();
  });
});
