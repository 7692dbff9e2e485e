import { describe, it } from 'vitest';
import { cartLineOf } from '@voltline/shared/cart-rules';
import type { Tool } from '@voltline/shared/tool';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { sampleDrill } from '../../../testing/sample-tools.ts';
import { drawnDrill, expectPlainImg, expectSizedPicture } from '../../../testing/sized-pictures.ts';
import { CartLineItem } from './cart-line-item.tsx';

const access = { setQuantity: async () => {}, remove: async () => {}, pending: false };
const lineOf = (tool: Tool) => cartLineOf({ toolId: tool._id, quantity: 2, addedUnitPrice: tool.price, toolName: tool.toolName, img: tool.img }, tool);

/** Issue 40, item 4: a cart line's picture in sizes, drawn 96 px wide. */
describe('a cart line’s picture', () => {
  it('offers the gallery’s card and page drawings in WebP and in their own format', () => {
    expectSizedPicture(renderWithShop(<CartLineItem line={lineOf(drawnDrill)} access={access} />).container, drawnDrill, '96px');
  });

  it('draws a picture without drawings as its plain img', () => {
    expectPlainImg(renderWithShop(<CartLineItem line={lineOf(sampleDrill)} access={access} />).container, sampleDrill);
  });
});
