import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser } from '@voltline/test-kit/browser';
import { ADMIN, signInInContext } from '@voltline/test-kit/customers';
import { startShop, type RunningShop } from '@voltline/test-kit/shop-server';
import { openShopPage, type BrowserSession } from './browser.ts';

/**
 * One Chromium per test worker, shared by the journeys that run in it one after another (the e2e
 * project runs without isolation, vitest.config.ts): launching one was about 2 s of each file's
 * start on a quiet machine, more on a busy one. Each test still gets its own browser contexts, which
 * share no cookies, storage or cache. It ends with the worker; a crashed one is launched again.
 */
let workerBrowser: Promise<Browser> | undefined;
function browserOfThisWorker(): Promise<Browser> {
  if (!workerBrowser) {
    const launching = launchBrowser();
    workerBrowser = launching;
    launching.then(
      (browser) => browser.once('disconnected', () => (workerBrowser = undefined)),
      () => (workerBrowser = undefined),
    );
  }
  return workerBrowser;
}

/**
 * The frame of a browser journey: one shop for the suite, the worker's Chromium, fresh browser contexts
 * per test, and after each test the check that nothing loaded from outside the machine and no page
 * logged an error. Tests that provoke such an entry on purpose take exactly it out first
 * (takeProblems in browser.ts).
 */
export function shopJourney(options: { env?: Record<string, string> | (() => Record<string, string>) } = {}) {
  let shop: RunningShop | undefined;
  let browser: Browser | undefined;
  let opened: BrowserSession[] = [];

  beforeAll(async () => {
    // A function is read here, after the file's earlier hooks started what it points at.
    const env = typeof options.env === 'function' ? options.env() : options.env;
    [shop, browser] = await Promise.all([startShop({ env }), browserOfThisWorker()]);
  });
  afterAll(async () => {
    await shop?.stop();
  });
  afterEach(async (context) => {
    const sessions = opened;
    opened = [];
    if (context.task.result?.state === 'fail') {
      await Promise.all(sessions.map(describePage));
      console.error(`The shop's last output:\n${shop?.output().slice(-3000)}`);
    }
    try {
      for (const session of sessions) expect(session.problems).toEqual([]);
    } finally {
      await Promise.all(sessions.map((session) => session.context.close()));
    }
  });

  /** What a failed test's page showed: a failure on CI is read from its log only. */
  async function describePage({ page, problems }: BrowserSession): Promise<void> {
    // A select shows its chosen option only: the purchase form's 250 countries filled the 3,000
    // characters below and hid the message under its button (buy-and-pay, CI of 2026-11-28).
    const withinTwoSeconds = new Promise<string>((resolve) => setTimeout(() => resolve('(not readable within 2 s)'), 2000).unref());
    const reading = page
      .evaluate(() => {
        const body = document.body.cloneNode(true) as HTMLElement;
        const live = document.body.querySelectorAll('select');
        body.querySelectorAll('select').forEach((select, index) => select.replaceWith(`[${live[index]?.selectedOptions[0]?.text ?? ''}]`));
        document.documentElement.append(body);
        try {
          return body.innerText;
        } finally {
          body.remove();
        }
      })
      .catch((error: unknown) => `(not readable: ${String(error)})`);
    const shown = await Promise.race([reading, withinTwoSeconds]);
    console.error(`Page at ${page.url()}\nproblems: ${JSON.stringify(problems)}\nshowing:\n${shown.slice(0, 3000)}`);
  }

  /** A fresh browser context on the shop, checked and closed after the test (a test may open several). */
  async function open(viewport?: { width: number; height: number }): Promise<BrowserSession> {
    if (!browser || !shop) throw new Error('the browser starts in beforeAll');
    const session = await openShopPage(browser, shop.url, viewport);
    opened.push(session);
    return session;
  }

  return {
    get shop(): RunningShop {
      if (!shop) throw new Error('the shop starts in beforeAll');
      return shop;
    },
    open,
    /** A fresh context signed in as the shop's first admin (the shop must start with ADMIN_ENV), on `path`. */
    async openAsAdmin(path: string, viewport?: { width: number; height: number }): Promise<BrowserSession> {
      const session = await open(viewport);
      await signInInContext(session.context, shop!.url, ADMIN.email, ADMIN.password);
      await session.page.goto(path);
      return session;
    },
  };
}
