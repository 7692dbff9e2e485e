import type { Browser, BrowserContext, Page, Response } from 'playwright-core';

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
  waitForTheAppAfterEachVisit(page);
  return { context, page, problems };
}

/**
 * Each visit (goto, reload) of a shop page ends once the app has taken the page over (the mark
 * ShopShell sets), not at the document's load: a server-rendered page is drawn before its code
 * runs, and a click or a typed word in that moment went to the server's page. A visit that asks to
 * end at `commit` (a test looking at the server's page before the app), an answer that is not a
 * page (a PDF) and a page without the app (written by the server alone) end as Playwright's own do.
 */
function waitForTheAppAfterEachVisit(page: Page): void {
  const untilAppReady = async (response: Response | null, waitUntil: string | undefined): Promise<Response | null> => {
    // The shop's own pages hold the app's #root; a page the server writes alone (the unsubscribe
    // page of a back-in-stock mail) has no app to wait for.
    if (waitUntil !== 'commit' && response?.headers()['content-type']?.startsWith('text/html') && (await page.locator('#root').count()) > 0) {
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    }
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => untilAppReady(await goto(url, options), options?.waitUntil);
  page.reload = async (options) => untilAppReady(await reload(options), options?.waitUntil);
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
