import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_LENGTH } from '@voltline/shared/paging';
import { catalogueAddress, readCatalogueAddress } from './catalogue-address.ts';

const read = (query: string) => readCatalogueAddress(new URLSearchParams(query));
/** No price range, stock or all. */
const unfiltered = { minPrice: undefined, maxPrice: undefined, inStock: false } as const;

describe('the catalogue page\'s address', () => {
  it('reads the search, the order and the pages shown', () => {
    expect(read('q=drill&sort=price-asc&pages=3')).toEqual({ q: 'drill', sort: 'price-asc', pages: 3, ...unfiltered });
    expect(read('')).toEqual({ q: undefined, sort: 'newest', pages: 1, ...unfiltered });
  });

  it('reads what a person typed as a view it can show, never a refusal', () => {
    expect(read('q=%20%20&sort=cheapest&pages=-2')).toEqual({ q: undefined, sort: 'newest', pages: 1, ...unfiltered });
    expect(read('sort=PRICE-ASC&pages=2.5')).toEqual({ q: undefined, sort: 'newest', pages: 1, ...unfiltered });
    expect(read('pages=abc').pages).toBe(1);
    expect(read('pages=99999').pages).toBe(1000);
    // As the API trims and bounds its q.
    expect(read(`q=${'a'.repeat(SEARCH_MAX_LENGTH + 20)}`).q).toHaveLength(SEARCH_MAX_LENGTH);
    expect(read('q=%20crimper%20').q).toBe('crimper');
  });

  it('writes a view with its defaults left out, and reads it back the same', () => {
    expect(catalogueAddress({ q: undefined, sort: 'newest', pages: 1, ...unfiltered })).toBe('/tools');
    expect(catalogueAddress({ q: 'heat gun', sort: 'name', pages: 2, ...unfiltered })).toBe('/tools?q=heat+gun&sort=name&pages=2');
    for (const view of [
      { q: 'a&b=c', sort: 'price-desc', pages: 4, ...unfiltered },
      { q: undefined, sort: 'price-asc', pages: 1, ...unfiltered },
    ] as const) {
      expect(readCatalogueAddress(new URL(catalogueAddress(view), 'http://shop.test').searchParams)).toEqual(view);
    }
  });

  it('keeps the price range and in stock only, and reads a malformed amount as none (issue 40, item 5)', () => {
    expect(read('minPrice=20&maxPrice=99.50&inStock=true')).toEqual({ q: undefined, sort: 'newest', pages: 1, minPrice: '20', maxPrice: '99.50', inStock: true });
    expect(read('minPrice=cheap&maxPrice=1.234&inStock=yes')).toEqual({ q: undefined, sort: 'newest', pages: 1, ...unfiltered });
    const view = { q: 'drill', sort: 'price-asc', pages: 2, minPrice: '20', maxPrice: undefined, inStock: true } as const;
    expect(catalogueAddress(view)).toBe('/tools?q=drill&minPrice=20&inStock=true&sort=price-asc&pages=2');
    expect(readCatalogueAddress(new URL(catalogueAddress(view), 'http://shop.test').searchParams)).toEqual(view);
  });

  it('reads a search without a sort as the best match first, and leaves that default out of its address (issue 40)', () => {
    expect(read('q=dril')).toEqual({ q: 'dril', sort: 'relevance', pages: 1, ...unfiltered });
    expect(read('q=dril&sort=newest').sort).toBe('newest');
    // Without a search there is nothing to match: the newest first.
    expect(read('sort=relevance').sort).toBe('newest');
    expect(catalogueAddress({ q: 'impakt driver', sort: 'relevance', pages: 1, ...unfiltered })).toBe('/tools?q=impakt+driver');
    expect(catalogueAddress({ q: 'impakt driver', sort: 'newest', pages: 1, ...unfiltered })).toBe('/tools?q=impakt+driver&sort=newest');
  });
});
