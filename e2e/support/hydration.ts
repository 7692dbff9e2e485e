import type { Page } from 'playwright-core';

/**
 * Before the app's code runs, keeps the element the server rendered at `selector` as
 * `window[name]`: a take-over that drew the page anew would put a new element in its place.
 */
export async function rememberServerElement(page: Page, name: string, selector: string): Promise<void> {
  await page.addInitScript(
    ({ name, selector }) => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') (window as unknown as Record<string, Element | null>)[name] = document.querySelector(selector);
      });
    },
    { name, selector },
  );
}

/**
 * Holds back every request to `url` (a glob, as page.route takes it) until the test calls the
 * answer: the test, not a timer, decides when the held code may arrive.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
