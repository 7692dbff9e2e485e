import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInOverHttp } from '@voltline/test-kit/api-client';
import { ADMIN, ADMIN_ENV } from '@voltline/test-kit/customers';
import { addToolOverHttp } from '@voltline/test-kit/tools';
import type { BrowserSession } from './support/browser.ts';
import { shopJourney } from './support/journey.ts';

/** More lamps than the catalogue page shows at first (24), so the search needs Show more. */
const LAMP_COUNT = 30;
const SEARCH = 'journey lamp';
/** Each lamp's price: all different, and not in the order the lamps were added. */
const lampPrice = (index: number) => 20 + ((index * 7) % LAMP_COUNT);

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1366, height: 900 };

/** The names of the tool cards on the page, top to bottom. */
const cardNames = (page: Page) => page.locator('[data-testid="tool-card"] h3').allInnerTexts();
/** Their unit prices, from "Unit price: $42". */
const cardPrices = async (page: Page) =>
  (await page.locator('[data-testid="tool-card"]').getByText(/^Unit price: /).allInnerTexts()).map((text) => Number(text.replace(/[^0-9.]/g, '')));

/** The page scrolls sideways: wider than the screen. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/**
 * A visitor finds tools on the catalogue page (issue 28): searches, sorts by price, asks for more,
 * and the address says all of it, so a reload (or a shared link, or a search engine without
 * scripts) shows the same tools.
 */
describe('a visitor searches the catalogue page', () => {
  const journey = shopJourney({ env: ADMIN_ENV });
  const lampNames: string[] = [];

  beforeAll(async () => {
    const admin = await signInOverHttp(journey.shop.url, ADMIN.email, ADMIN.password);
    for (let index = 0; index < LAMP_COUNT; index += 1) {
      const toolName = `Journey Lamp ${String(index).padStart(2, '0')}`;
      await addToolOverHttp(admin, { toolName, img: '/images/tools/led-work-light.svg', price: lampPrice(index) });
      lampNames.push(toolName);
    }
  });

  const lampsByPrice = () => lampNames.map((name, index) => ({ name, price: lampPrice(index) })).sort((a, b) => a.price - b.price);

  async function searchSortAndShowMore({ page }: BrowserSession, viewport: { width: number }) {
    const checkWidth = async (step: string) => expect(await scrollsSideways(page), `${step} at ${viewport.width} px`).toBe(false);

    await page.goto('/');
    // The navbar leads there: on a phone from its menu.
    if (viewport.width < 1024) await page.getByRole('navigation', { name: 'Main' }).getByLabel('Open menu').click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tools', exact: true }).click();
    await page.waitForURL(`${journey.shop.url}/tools`);
    await page.getByRole('heading', { level: 1, name: 'All tools' }).waitFor();
    await checkWidth('all tools');

    await page.getByLabel('Search tools').fill(SEARCH);
    await page.getByLabel('Search tools').press('Enter');
    await page.waitForURL(`${journey.shop.url}/tools?q=journey+lamp`);
    await page.getByRole('heading', { level: 1, name: `Tools matching “${SEARCH}”` }).waitFor();
    await expect.poll(() => cardNames(page)).toHaveLength(24);
    expect((await cardNames(page)).every((name) => name.startsWith('Journey Lamp'))).toBe(true);
    await checkWidth('the search');

    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await page.waitForURL(`${journey.shop.url}/tools?q=journey+lamp&sort=price-asc`);
    const cheapest = lampsByPrice();
    await expect.poll(() => cardNames(page)).toEqual(cheapest.slice(0, 24).map((lamp) => lamp.name));
    expect(await cardPrices(page)).toEqual(cheapest.slice(0, 24).map((lamp) => lamp.price));

    // Show more adds the rest below, where the visitor is: the page does not jump to its top.
    const showMore = page.getByRole('link', { name: 'Show more' });
    await showMore.scrollIntoViewIfNeeded();
    const scrolledTo = await page.evaluate(() => window.scrollY);
    expect(scrolledTo).toBeGreaterThan(0);
    await showMore.click();
    await page.waitForURL(`${journey.shop.url}/tools?q=journey+lamp&sort=price-asc&pages=2`);
    await expect.poll(() => cardNames(page)).toEqual(cheapest.map((lamp) => lamp.name));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolledTo - 1);
    await page.getByText(`${LAMP_COUNT} tools shown`).waitFor();
    // Every matching lamp is here: there is nothing more to show.
    expect(await showMore.count()).toBe(0);
    await checkWidth('two pages');

    // A reload shows the same: the search, the order and both pages, rendered by the server, which
    // the app takes over without drawing it again (the server's header element stays).
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as unknown as { serverCards: Element | null }).serverCards = document.querySelector('#catalogue-results');
        }
      });
    });
    const reloaded = await page.reload();
    const html = (await reloaded?.text()) ?? '';
    expect(cheapest.map((lamp) => html.indexOf(`>${lamp.name}<`)).every((at, index, all) => at > 0 && (index === 0 || at > all[index - 1]!))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await cardNames(page)).toEqual(cheapest.map((lamp) => lamp.name));
    expect(
      await page.evaluate(() => {
        const server = (window as unknown as { serverCards: Element | null }).serverCards;
        return server !== null && server === document.querySelector('#catalogue-results');
      }),
    ).toBe(true);
    expect(await page.getByLabel('Search tools').inputValue()).toBe(SEARCH);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price-asc');
    await checkWidth('the reloaded page');

    // A word that matches nothing says so.
    await page.getByLabel('Search tools').fill('lamp of aladdin');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No tools match “lamp of aladdin”.', { exact: false }).waitFor();
    expect(page.url()).toBe(`${journey.shop.url}/tools?q=lamp+of+aladdin&sort=price-asc`);
    await checkWidth('no match');
  }

  it('searches, sorts by price and shows more, the address keeping it through a reload', async () => {
    await searchSortAndShowMore(await journey.open(DESKTOP), DESKTOP);
  });

  it('does the same on a 375 px phone without sideways scrolling', async () => {
    await searchSortAndShowMore(await journey.open(PHONE), PHONE);
  });

  it('sends a search sorted dearest first already listed in its HTML, to a reader without scripts', async () => {
    const response = await fetch(`${journey.shop.url}/tools?q=JOURNEY%20LAMP&sort=price-desc`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const dearest = lampsByPrice().reverse().slice(0, 24);
    const positions = dearest.map((lamp) => html.indexOf(`>${lamp.name}<`));
    expect(positions.every((at, index) => at > 0 && (index === 0 || at > positions[index - 1]!))).toBe(true);
    // The rest are one Show more away, a link that works without scripts too.
    for (const lamp of lampsByPrice().slice(0, LAMP_COUNT - 24)) expect(html).not.toContain(`>${lamp.name}<`);
    expect(html).toContain('href="/tools?q=JOURNEY+LAMP&amp;sort=price-desc&amp;pages=2"');
    // Tools that do not match are not listed.
    expect(html).not.toContain('Cordless Drill Driver');
  });
});
