import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ToolPicture } from '@voltline/shared/tool-pictures';
import { QueryClient } from '@tanstack/react-query';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { ToolGallery } from './tool-gallery.tsx';

const toolId = '00000000-0000-4000-8000-0000000000a1';
const picture = (n: number, alt: string): ToolPicture => {
  const drawn = (size: string, width: number) => ({ webp: `/api/images/${size}-${n}-webp`, original: `/api/images/${size}-${n}-png`, width });
  const [card, page, zoom] = [drawn('card', 400), drawn('page', 800), drawn('zoom', 1600)];
  return {
    _id: `00000000-0000-4000-8000-00000000000${n}`,
    alt,
    position: n - 1,
    originalType: 'image/png',
    card,
    page,
    zoom,
    srcset: { webp: `${card.webp} 400w, ${page.webp} 800w, ${zoom.webp} 1600w`, original: `${card.original} 400w, ${page.original} 800w, ${zoom.original} 1600w` },
  };
};

/** Issue 40, item 4 (decision 054): the tool page's gallery, its thumbnails lazy, each opening a zoom in WebP or its own format. */
describe('tool gallery', () => {
  it('shows each picture with its words and opens it zoomed', async () => {
    const { user, sent } = renderWithShop(<ToolGallery toolId={toolId} />, () => ({ status: 200, body: [picture(1, 'The drill from the left'), picture(2, 'The battery fitted')] }));
    const thumbnails = await screen.findAllByRole('img');
    expect(thumbnails.map((image) => [image.getAttribute('alt'), image.getAttribute('loading'), image.getAttribute('srcset')])).toEqual([
      ['The drill from the left', 'lazy', picture(1, '').srcset.original],
      ['The battery fitted', 'lazy', picture(2, '').srcset.original],
    ]);
    expect(sent.map((request) => request.path)).toEqual([`/api/tools/${toolId}/pictures`]);
    await user.click(screen.getByRole('button', { name: 'Zoom: The battery fitted' }));
    const zoom = screen.getByRole('dialog', { hidden: true });
    const zoomed = within(zoom).getByRole('img', { hidden: true });
    expect([zoomed.getAttribute('alt'), zoomed.getAttribute('sizes')]).toEqual(['The battery fitted', '(min-width: 1024px) 1000px, 100vw']);
    expect(zoom.querySelector('source')!.getAttribute('srcset')).toBe(picture(2, '').srcset.webp);
  });

  it('draws nothing for a tool without a gallery', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { sent } = renderWithShop(<ToolGallery toolId={toolId} />, () => ({ status: 200, body: [] }), { queryClient });
    // Judged once the empty answer has arrived, not before.
    await expect.poll(() => sent.length === 1 && queryClient.isFetching() === 0).toBe(true);
    // By its name: the shop's frame around it (the notifications' region) has sections of its own.
    expect(screen.queryByRole('region', { name: 'Pictures' })).toBeNull();
  });
});
