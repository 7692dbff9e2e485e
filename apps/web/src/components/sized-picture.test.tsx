import { describe, expect, it } from 'vitest';
import { cartLineOf } from '@voltline/shared/cart-rules';
import type { Tool } from '@voltline/shared/tool';
import { CartLineItem } from '../features/cart/components/cart-line-item.tsx';
import { ToolCard } from '../features/catalogue/components/tool-card.tsx';
import { ToolDetails } from '../features/catalogue/components/tool-details.tsx';
import { renderWithShop } from '../testing/render-with-shop.tsx';
import { sampleDrill } from '../testing/sample-tools.ts';

/** A drill whose img is its gallery's first picture: the server answers its card and page drawings. */
const drawn: Tool = {
  ...sampleDrill,
  img: '/api/images/page-webp',
  picture: { webp: '/api/images/card-webp 400w, /api/images/page-webp 800w', original: '/api/images/card-jpeg 400w, /api/images/page-jpeg 800w' },
};
const cartAccess = { setQuantity: async () => {}, remove: async () => {}, pending: false };

const places = [
  { where: 'a catalogue card (the catalogue, a category, the home page)', render: (tool: Tool) => <ToolCard tool={tool} />, sizes: '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, 50vw' },
  { where: 'the purchase and tool pages', render: (tool: Tool) => <ToolDetails tool={tool} stock={null} />, sizes: '(min-width: 1280px) 640px, (min-width: 768px) 50vw, 100vw' },
  { where: 'a cart line', render: (tool: Tool) => <CartLineItem line={cartLineOf({ toolId: tool._id, quantity: 2, addedUnitPrice: tool.price, toolName: tool.toolName, img: tool.img }, tool)} access={cartAccess} />, sizes: '96px' },
];

/** Issue 40, item 4: a tool's picture in sizes wherever it is shown, the spec's img still its src. */
describe.each(places)('the tool picture on $where', ({ render, sizes }) => {
  it('offers the gallery’s card and page drawings in WebP and in their own format, for the width it is drawn at', () => {
    const { container } = renderWithShop(render(drawn));
    const source = container.querySelector('picture > source');
    const image = container.querySelector('picture > img');
    expect(source?.getAttribute('type')).toBe('image/webp');
    expect(source?.getAttribute('srcset')).toBe(drawn.picture!.webp);
    expect(source?.getAttribute('sizes')).toBe(sizes);
    expect(image?.getAttribute('src')).toBe(drawn.img);
    expect(image?.getAttribute('srcset')).toBe(drawn.picture!.original);
    expect(image?.getAttribute('sizes')).toBe(sizes);
  });

  it('draws a picture without drawings (an address from the tool’s form) as its plain img', () => {
    const { container } = renderWithShop(render(sampleDrill));
    expect(container.querySelector('picture')).toBeNull();
    const image = container.querySelector(`img[src="${sampleDrill.img}"]`);
    expect(image).not.toBeNull();
    expect(image?.hasAttribute('srcset')).toBe(false);
    expect(image?.hasAttribute('sizes')).toBe(false);
  });
});
