import type { Page } from 'playwright-core';

/** Text nodes of the element that the browser wrapped onto more than one line. */
export function textNodesBrokenAcrossLines(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).first().evaluate((element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const lineTops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
      if (lineTops.size > 1) broken.push(node.textContent ?? '');
    }
    return broken;
  });
}
