import { expect } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { sampleDrill } from './sample-tools.ts';

/** A drill whose img is its gallery's first picture: the server answers its card and page drawings (decision 069). */
export const drawnDrill: Tool = {
  ...sampleDrill,
  img: '/api/images/page-webp',
  picture: { webp: '/api/images/card-webp 400w, /api/images/page-webp 800w', original: '/api/images/card-jpeg 400w, /api/images/page-jpeg 800w' },
};

/** The tool's picture offers its drawings in WebP and in their own format for `sizes`, its src the spec's img. */
export function expectSizedPicture(container: HTMLElement, tool: Tool, sizes: string) {
  const source = container.querySelector('picture > source');
  const image = container.querySelector('picture > img');
  expect(source?.getAttribute('type')).toBe('image/webp');
  expect(source?.getAttribute('srcset')).toBe(tool.picture!.webp);
  expect(source?.getAttribute('sizes')).toBe(sizes);
  expect(image?.getAttribute('src')).toBe(tool.img);
  expect(image?.getAttribute('srcset')).toBe(tool.picture!.original);
  expect(image?.getAttribute('sizes')).toBe(sizes);
}

/** A tool without drawings (an address from the tool's form) is its plain img. */
export function expectPlainImg(container: HTMLElement, tool: Tool) {
  expect(container.querySelector('picture')).toBeNull();
  const image = container.querySelector(`img[src="${tool.img}"]`);
  expect(image).not.toBeNull();
  expect(image?.hasAttribute('srcset')).toBe(false);
  expect(image?.hasAttribute('sizes')).toBe(false);
}
