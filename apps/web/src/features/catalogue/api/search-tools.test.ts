import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ToolSearchAnswer } from '@voltline/shared/categories';
import { answerApiWith } from '../../../testing/render-with-shop.tsx';
import { sampleDrill } from '../../../testing/sample-tools.ts';
import { readCatalogueAddress } from '../catalogue-address.ts';
import { readCategoryAddress } from '../category-address.ts';
import { catalogueToolsQueryOptions, categoryToolsQueryOptions, loadedAnswer } from './search-tools.ts';

const page = (n: number, nextCursor: string | null): ToolSearchAnswer => ({
  tools: [{ ...sampleDrill, _id: `00000000-0000-4000-8000-00000000000${n}`, toolName: `Driver ${n}` }],
  facets: [],
  categories: [],
  total: 2,
  nextCursor,
});

/** Issue 40, item 5: a category page shows its first tools and adds the next page at Show more, from the cursor the last page answered. */
describe('a category page’s tools, a page at a time', () => {
  it('asks for the next page from the last answer’s cursor, keeping the filters, and shows every page’s tools with the first page’s counts', async () => {
    const sent = answerApiWith((request) => ({ status: 200, body: request.path.includes('cursor=') ? page(2, null) : page(1, 'next-1') }));
    const view = readCategoryAddress('impact-drivers', new URLSearchParams('inStock=true&sort=price-asc'));
    const observer = new InfiniteQueryObserver(new QueryClient({ defaultOptions: { queries: { retry: false } } }), categoryToolsQueryOptions(view));
    await observer.refetch();
    expect(observer.getCurrentResult().hasNextPage).toBe(true);
    const both = await observer.fetchNextPage();
    expect(both.hasNextPage).toBe(false);
    expect(sent.map((request) => request.path)).toEqual([
      '/api/tools/search?inStock=true&sort=price-asc&category=impact-drivers&limit=48',
      '/api/tools/search?inStock=true&sort=price-asc&category=impact-drivers&limit=48&cursor=next-1',
    ]);
    expect(loadedAnswer(both.data)).toMatchObject({ tools: [{ toolName: 'Driver 1' }, { toolName: 'Driver 2' }], total: 2, nextCursor: null });
  });

  it('asks the whole catalogue’s page (/tools) with its search, price range, stock and order, without a category', async () => {
    const sent = answerApiWith(() => ({ status: 200, body: page(1, null) }));
    const view = readCatalogueAddress(new URLSearchParams('q=drill&minPrice=20&maxPrice=99.50&inStock=true&pages=3'));
    await new InfiniteQueryObserver(new QueryClient({ defaultOptions: { queries: { retry: false } } }), catalogueToolsQueryOptions(view)).refetch();
    // The order is sent as the page reads it (a search's best match), the pages on screen are the address's alone.
    expect(sent.map((request) => request.path)).toEqual(['/api/tools/search?q=drill&minPrice=20&maxPrice=99.50&inStock=true&sort=relevance&limit=24']);
  });
});
