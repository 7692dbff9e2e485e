import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, openShopPage, type BrowserSession } from './browser.ts';
import { startShop, type RunningShop } from './shop-server.ts';

/**
 * The frame of a browser journey: one shop and one Chromium for the file, a fresh browser context
 * per test, and after each test the check that nothing loaded from outside the machine and the
 * page logged no error. Tests that expect a failed request remove exactly that entry first.
 */
export function shopJourney(options: { env?: Record<string, string> } = {}) {
  let shop: RunningShop | undefined;
  let browser: Browser | undefined;
  let current: BrowserSession | undefined;

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop({ env: options.env }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });
  afterEach(async () => {
    if (!current) return;
    const session = current;
    current = undefined;
    expect(session.problems).toEqual([]);
    await session.context.close();
  });

  return {
    get shop(): RunningShop {
      if (!shop) throw new Error('the shop starts in beforeAll');
      return shop;
    },
    /** A fresh browser context on the shop, checked and closed after the test. */
    async open(viewport?: { width: number; height: number }): Promise<BrowserSession> {
      if (!browser || !shop) throw new Error('the browser starts in beforeAll');
      current = await openShopPage(browser, shop.url, viewport);
      return current;
    },
  };
}
