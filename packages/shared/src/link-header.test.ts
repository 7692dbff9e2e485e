import { describe, expect, it } from 'vitest';
import { nextCursorFromLink } from './link-header.ts';

describe('reading the next page from a Link header', () => {
  it('finds the cursor of the next page, and none on the last page', () => {
    expect(nextCursorFromLink('</api/getTools?limit=6&cursor=eyJrIjoxfQ.c2ln>; rel="next"')).toBe('eyJrIjoxfQ.c2ln');
    expect(nextCursorFromLink('</api/adminPurchased?status=unpaid&q=ann%40example.com&cursor=abc.def&limit=20>; rel=next')).toBe('abc.def');
    expect(nextCursorFromLink('</api/review?limit=6>; rel="prev", </api/review?limit=6&cursor=xyz.123>; rel="next"')).toBe('xyz.123');
    expect(nextCursorFromLink('</api/review?limit=6&cursor=old.one>; rel="prev"')).toBeUndefined();
    expect(nextCursorFromLink('</api/allUsers?limit=20>; rel="next"')).toBeUndefined();
    expect(nextCursorFromLink('</api/allUsers?cursor=a%2Bb.c>; rel="next"')).toBe('a+b.c');
    expect(nextCursorFromLink(null)).toBeUndefined();
    expect(nextCursorFromLink('')).toBeUndefined();
  });
});
