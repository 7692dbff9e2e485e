import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium with the flags this workplace needs (no network but loopback). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Requests that left the machine or failed, and errors printed by the page. */
  problems: string[];
}

/**
 * A fresh context on the shop. It records any request that is not to the shop itself, any
 * console error and any uncaught exception, so each journey can assert the page stayed clean.
 */
export async function openShopPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 900 },
): Promise<BrowserSession> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      problems.push(`outside request: ${url}`);
    }
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}

/**
 * Chromium logs a console error for every answer with an error status, even one the app handles.
 * A test that provokes such answers on purpose takes those entries out (and only those), and
 * gets back how many there were.
 */
export function takeFailedLoads(session: BrowserSession, status: number): number {
  const expected = `console error: Failed to load resource: the server responded with a status of ${status} `;
  const before = session.problems.length;
  const others = session.problems.filter((problem) => !problem.startsWith(expected));
  session.problems.splice(0, session.problems.length, ...others);
  return before - others.length;
}
