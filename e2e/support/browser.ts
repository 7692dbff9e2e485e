import type { Browser, BrowserContext, Page } from 'playwright-core';

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
 * Takes out of the recorded problems the entries a test provoked on purpose (and only those), and
 * answers how many there were. A number is an HTTP status: Chromium logs a console error for
 * every answer with an error status, even one the app handles. A string is one exact entry, such
 * as an outside request the test expects.
 */
export function takeProblems(session: Pick<BrowserSession, 'problems'>, expected: number | string): number {
  const isExpected =
    typeof expected === 'number'
      ? (problem: string) => problem.startsWith(`console error: Failed to load resource: the server responded with a status of ${expected} `)
      : (problem: string) => problem === expected;
  const before = session.problems.length;
  const others = session.problems.filter((problem) => !isExpected(problem));
  session.problems.splice(0, session.problems.length, ...others);
  return before - others.length;
}
