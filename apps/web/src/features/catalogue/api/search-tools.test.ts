import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ToolSearchAnswer } from '@voltline/shared/categories';
import { answerApiWith } from '../../../testing/render-with-shop.tsx';
import { sampleDrill } from '../../../testing/sample-tools.ts';
import { readCategoryAddress } from '../category-address.ts';
import { categoryToolsQueryOptions, loadedAnswer } from './search-tools.ts';

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
});
