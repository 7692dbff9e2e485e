import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { takeProblems, type BrowserSession } from './browser.ts';

// axe-core's browser bundle, as text: it is evaluated in the page through the DevTools protocol,
// which the shop's Content-Security-Policy (script-src 'self') does not apply to.
const axeSource: string = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** The two widths every page is checked at: a small laptop and a phone. */
export const AXE_WIDTHS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 375, height: 812 },
] as const;

/** `items` in runs of at most `size`: pages checked in one test, so each test stays short. */
export function inGroupsOf<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The serious and critical violations axe finds on the page at `path` once its content has arrived. */
export async function seriousViolations(session: BrowserSession, path: string): Promise<string[]> {
  const { page } = session;
  await page.goto(path);
  await page.locator('main h1, main h2').first().waitFor();
  await page.waitForLoadState('networkidle');
  if (path === '/nope') takeProblems(session, 404);
  return seriousViolationsShown(page, path);
}

/** The same for what the page shows now (a view reached by clicking), `label` naming it in the findings. */
export async function seriousViolationsShown(page: Page, label: string): Promise<string[]> {
  await waitForListsToLoad(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } };
    // Only violations are read: axe then describes just the first node of each other result (its
    // passes, the bulk of a page), which took much of each run.
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${label}: ${violation.id} (${violation.help}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
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
