import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_ENV } from '@voltline/test-kit/customers';
import { AXE_WIDTHS, seriousViolations, seriousViolationsShown } from './support/axe.ts';
import { shopJourney } from './support/journey.ts';

/** Two visitors' queries: the admin answers Ada's; Grace's stays open. */
const ADA = { name: 'Ada Lovelace', email: 'ada.queries@example.com', phone: '5551234567', role: 'Full Stack Developer', query: 'Do you ship crimping tools to Norway?' };
const GRACE = { name: 'Grace Hopper', email: 'grace.queries@example.com', phone: '5559876543', role: 'Product Manager', query: 'Is there a trade price for 50 multimeters?' };

/**
 * Issue 26: the "Ask us anything" form stores what a visitor sends, and an admin reads it in the
 * dashboard's Queries inbox and marks it answered, after which it leaves the open queries.
 */
describe('a visitor asks, an admin answers in the Queries inbox', () => {
  const journey = shopJourney({ env: ADMIN_ENV });

  async function sendQuery(page: Page, visitor: typeof ADA): Promise<void> {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Ask us anything about our website' }).scrollIntoViewIfNeeded();
    await page.getByLabel('Name', { exact: true }).fill(visitor.name);
    await page.getByLabel('Email', { exact: true }).fill(visitor.email);
    await page.getByLabel('Phone number', { exact: true }).fill(visitor.phone);
    await page.getByLabel('Role', { exact: true }).selectOption(visitor.role);
    await page.getByLabel('Your query (optional)', { exact: true }).fill(visitor.query);
    const sent = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/queries');
    await page.getByRole('button', { name: 'Submit query' }).click();
    expect((await sent).status()).toBe(200);
    await page.getByText('Your query is submitted successfully').waitFor();
  }

  const card = (page: Page, visitor: typeof ADA) => page.locator('#queries-list > li').filter({ has: page.getByRole('heading', { name: visitor.name, exact: true }) });
  async function showQueries(page: Page, filter: 'Open' | 'Answered' | 'All'): Promise<void> {
    const button = page.getByRole('group', { name: 'Show queries' }).getByRole('button', { name: filter, exact: true });
    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('[role="status"][aria-label^="Loading"]').count()).toBe(0);
  }

  it('lists a sent query with its sender, marks it answered, moves it from Open to Answered for good, and passes axe at both widths', async () => {
    const visitor = await journey.open();
    await sendQuery(visitor.page, ADA);
    await sendQuery(visitor.page, GRACE);

    const { page } = await journey.openAsAdmin('/dashboard');
    await page.getByRole('link', { name: 'Queries', exact: true }).click();
    await page.waitForURL(`${journey.shop.url}/dashboard/queries`);
    await page.getByRole('heading', { name: 'Queries', exact: true }).waitFor();

    // Open is the inbox's first view: both queries, each with who sent it and what they asked.
    const ada = card(page, ADA);
    await ada.waitFor();
    await card(page, GRACE).waitFor();
    for (const text of [ADA.email, ADA.phone, ADA.role, ADA.query, 'Open']) expect(await ada.getByText(text, { exact: false }).count()).toBeGreaterThan(0);
    expect(await ada.getByRole('link', { name: ADA.email }).getAttribute('href')).toBe(`mailto:${ADA.email}`);

    const patches: string[] = [];
    page.on('request', (request) => request.method() === 'PATCH' && patches.push(new URL(request.url()).pathname));
    await ada.getByRole('button', { name: 'Mark answered' }).click();
    // The open view no longer lists it; the other query stays.
    await expect.poll(() => ada.count()).toBe(0);
    expect(await card(page, GRACE).count()).toBe(1);
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatch(/^\/api\/queries\/[^/]+$/);

    await showQueries(page, 'Answered');
    await ada.waitFor();
    expect(await card(page, GRACE).count()).toBe(0);
    await ada.getByText('Answered', { exact: true }).waitFor();
    await ada.getByText(`Answered by ${ADMIN.email}`).waitFor();

    // The mark is the shop's, not the page's: a fresh load of the open view still leaves it out.
    await page.reload();
    await card(page, GRACE).waitFor();
    expect(await card(page, ADA).count()).toBe(0);

    // Both views at a laptop's and a phone's width, with an open and an answered query in them.
    for (const size of AXE_WIDTHS) {
      const session = await journey.openAsAdmin('/dashboard', size);
      const found = await seriousViolations(session, '/dashboard/queries');
      await card(session.page, GRACE).waitFor();
      await showQueries(session.page, 'All');
      await card(session.page, ADA).waitFor();
      found.push(...(await seriousViolationsShown(session.page, '/dashboard/queries (All)')));
      expect(found, `at ${size.width} px`).toEqual([]);
    }
  });
});
