import { describe, it } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { sampleDrill } from '../../../testing/sample-tools.ts';
import { drawnDrill, expectPlainImg, expectSizedPicture } from '../../../testing/sized-pictures.ts';
import { ToolCard } from './tool-card.tsx';
import { ToolDetails } from './tool-details.tsx';

const places = [
  { where: 'a catalogue card (the catalogue, a category, the home page)', render: (tool: Tool) => <ToolCard tool={tool} />, sizes: '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, 50vw' },
  { where: 'the purchase and tool pages', render: (tool: Tool) => <ToolDetails tool={tool} stock={null} />, sizes: '(min-width: 1280px) 640px, (min-width: 768px) 50vw, 100vw' },
];

/** Issue 40, item 4: a tool's picture in sizes wherever it is shown, the spec's img still its src. */
describe.each(places)('the tool picture on $where', ({ render, sizes }) => {
  it('offers the gallery’s card and page drawings in WebP and in their own format, for the width it is drawn at', () => {
    expectSizedPicture(renderWithShop(render(drawnDrill)).container, drawnDrill, sizes);
  });

  it('draws a picture without drawings (an address from the tool’s form) as its plain img', () => {
    expectPlainImg(renderWithShop(render(sampleDrill)).container, sampleDrill);
  });
});
