import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOP_PAGES, shopPagePath } from '@voltline/shared/shop-pages';
import { ADMIN, ADMIN_ENV, signInInContext } from '@voltline/test-kit/customers';
import { fetchTools, placePaidOrderOverHttp } from '@voltline/test-kit/orders';
import { takeProblems, type BrowserSession } from './support/browser.ts';
import { shopJourney } from './support/journey.ts';
import { signUpCustomer } from './support/orders.ts';

// axe-core's browser bundle, as text: it is evaluated in the page through the DevTools protocol,
// which the shop's Content-Security-Policy (script-src 'self') does not apply to.
const axeSource: string = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 375, height: 812 },
] as const;

// The footer's pages too: /about, /contact, /jobs, /terms, /privacy, /cookies.
const PUBLIC_PAGES = ['/', '/blogs', '/myportfolio', ...SHOP_PAGES.map((page) => shopPagePath(page.slug)), '/login', '/register', '/nope'];
const CUSTOMER_PAGES = ['/dashboard', '/dashboard/myorders', '/dashboard/addareview'];
const ADMIN_PAGES = [
  // The overview (an admin's dashboard opens on it) and the admin's own profile.
  '/dashboard',
  '/dashboard/profile',
  '/dashboard/manageorders',
  '/dashboard/managetools',
  '/dashboard/addtool',
  '/dashboard/makeadmin',
  '/dashboard/webhooks',
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The serious and critical violations axe finds on the page once its content has arrived. */
async function seriousViolations(session: BrowserSession, path: string): Promise<string[]> {
  const { page } = session;
  await page.goto(path);
  await page.locator('main h1, main h2').first().waitFor();
  await page.waitForLoadState('networkidle');
  await waitForListsToLoad(page);
  if (path === '/nope') takeProblems(session, 404);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document): Promise<{ violations: Violation[] }> } };
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${path}: ${violation.id} (${violation.help}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Sections that load when they come into view (the reviews) are scrolled to, and every spinner has
 * gone, so axe sees what people read.
 */
async function waitForListsToLoad(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await expect.poll(() => page.locator('[role="status"][aria-label^="Loading"]').count(), { timeout: 15_000 }).toBe(0);
}

describe('every page passes axe without a serious or critical violation', () => {
  const journey = shopJourney({ env: { ...ADMIN_ENV, AUTH_RATE_LIMIT_MAX: '1000' } });

  for (const size of WIDTHS) {
    it(`public pages at ${size.width} px`, async () => {
      const session = await journey.open(size);
      const found: string[] = [];
      for (const path of PUBLIC_PAGES) found.push(...(await seriousViolations(session, path)));
      expect(found).toEqual([]);
    });

    it(`a customer's dashboard pages at ${size.width} px`, async () => {
      const session = await journey.open(size);
      const { api } = await signUpCustomer(session.context, journey.shop.url);
      // A paid order, so My Orders shows "payment done!!!" and the admin tables have rows.
      const [tool] = await fetchTools(journey.shop.url);
      await placePaidOrderOverHttp(api, tool!);
      const found: string[] = [];
      for (const path of CUSTOMER_PAGES) found.push(...(await seriousViolations(session, path)));
      expect(found).toEqual([]);
    });

    it(`the admin's dashboard pages at ${size.width} px`, async () => {
      const session = await journey.open(size);
      await signInInContext(session.context, journey.shop.url, ADMIN.email, ADMIN.password);
      const found: string[] = [];
      for (const path of ADMIN_PAGES) found.push(...(await seriousViolations(session, path)));
      expect(found).toEqual([]);
    });
  }
});
