import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_LENGTH } from '@voltline/shared/paging';
import { catalogueAddress, readCatalogueAddress } from './catalogue-address.ts';

const read = (query: string) => readCatalogueAddress(new URLSearchParams(query));

describe('the catalogue page\'s address', () => {
  it('reads the search, the order and the pages shown', () => {
    expect(read('q=drill&sort=price-asc&pages=3')).toEqual({ q: 'drill', sort: 'price-asc', pages: 3 });
    expect(read('')).toEqual({ q: undefined, sort: 'newest', pages: 1 });
  });

  it('reads what a person typed as a view it can show, never a refusal', () => {
    expect(read('q=%20%20&sort=cheapest&pages=-2')).toEqual({ q: undefined, sort: 'newest', pages: 1 });
    expect(read('sort=PRICE-ASC&pages=2.5')).toEqual({ q: undefined, sort: 'newest', pages: 1 });
    expect(read('pages=abc').pages).toBe(1);
    expect(read('pages=99999').pages).toBe(1000);
    // As the API trims and bounds its q.
    expect(read(`q=${'a'.repeat(SEARCH_MAX_LENGTH + 20)}`).q).toHaveLength(SEARCH_MAX_LENGTH);
    expect(read('q=%20crimper%20').q).toBe('crimper');
  });

  it('writes a view with its defaults left out, and reads it back the same', () => {
    expect(catalogueAddress({ q: undefined, sort: 'newest', pages: 1 })).toBe('/tools');
    expect(catalogueAddress({ q: 'heat gun', sort: 'name', pages: 2 })).toBe('/tools?q=heat+gun&sort=name&pages=2');
    for (const view of [
      { q: 'a&b=c', sort: 'price-desc', pages: 4 },
      { q: undefined, sort: 'price-asc', pages: 1 },
    ] as const) {
      expect(readCatalogueAddress(new URL(catalogueAddress(view), 'http://shop.test').searchParams)).toEqual(view);
    }
  });

  it('reads a search without a sort as the best match first, and leaves that default out of its address (issue 40)', () => {
    expect(read('q=dril')).toEqual({ q: 'dril', sort: 'relevance', pages: 1 });
    expect(read('q=dril&sort=newest').sort).toBe('newest');
    // Without a search there is nothing to match: the newest first.
    expect(read('sort=relevance').sort).toBe('newest');
    expect(catalogueAddress({ q: 'impakt driver', sort: 'relevance', pages: 1 })).toBe('/tools?q=impakt+driver');
    expect(catalogueAddress({ q: 'impakt driver', sort: 'newest', pages: 1 })).toBe('/tools?q=impakt+driver&sort=newest');
  });
});
