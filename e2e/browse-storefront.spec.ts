import { beforeAll, describe, expect, it } from 'vitest';
import { DESCRIPTION_PREVIEW_LENGTH, TOOLS_SHOWN_INITIALLY } from '@voltline/shared/shop-constants';
import type { Tool } from '@voltline/shared/tool';
import { takeProblems, type BrowserSession } from './support/browser.ts';
import { shopJourney } from './support/journey.ts';

/** A visitor browses the storefront: catalogue, reviews, blogs, portfolio, query form, 404. */
describe('browsing the storefront', () => {
  const journey = shopJourney();
  let session: BrowserSession;
  let tools: Tool[];

  beforeAll(async () => {
    tools = await (await fetch(`${journey.shop.url}/api/getTools`)).json();
  });

  it('shows 6 tools, then all of them after Show more, and 6 again after Show less', async () => {
    session = await journey.open();
    const { page } = session;
    await page.goto('/');
    const toolCards = page.locator('[data-testid="tool-card"]');
    await toolCards.first().waitFor();
    expect(await toolCards.count()).toBe(TOOLS_SHOWN_INITIALLY);
    await expect.poll(() => toolCards.first().locator('h3').textContent()).toBe(tools[0]!.toolName);

    await page.getByRole('button', { name: 'Show more', exact: true }).click();
    await expect.poll(() => toolCards.count()).toBe(tools.length);
    await page.getByRole('button', { name: 'Show less', exact: true }).click();
    await expect.poll(() => toolCards.count()).toBe(TOOLS_SHOWN_INITIALLY);
  });

  it('shows a spinner while the tools load', async () => {
    session = await journey.open();
    const { page } = session;
    // Hold the real answer back a moment (it is not replaced), to see the loading state.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => url.pathname === '/api/getTools', async (route) => {
      await held;
      await route.continue();
    });
    // The server sends the home page with its tools; the browser loads them when the visitor comes
    // to it from another page (here the sign-in page, which the browser renders).
    await page.goto('/login');
    // The server renders the sign-in page: its Login button waits until the app has taken the page
    // over. Clicked before that, Home would be a plain link, and the server would send the tools.
    await expect.poll(() => page.getByRole('button', { name: 'Login', exact: true }).isEnabled()).toBe(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).first().click();
    const loading = page.getByRole('status', { name: 'Loading tools' });
    await loading.waitFor();
    expect(await loading.locator('.loading-spinner').count()).toBeGreaterThan(0);
    release();
    await page.locator('[data-testid="tool-card"]').first().waitFor();
    expect(await loading.count()).toBe(0);
  });

  it('toggles a description between its first 90 characters and the full text', async () => {
    session = await journey.open();
    const { page } = session;
    await page.goto('/home');
    const firstTool = tools[0]!;
    const card = page.locator('[data-testid="tool-card"]').first();
    const description = card.locator('[data-testid="tool-description"]');
    await expect.poll(() => description.textContent()).toBe(
      `${firstTool.description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...`,
    );
    await card.getByRole('button', { name: 'show more', exact: true }).click();
    await expect.poll(() => description.textContent()).toBe(firstTool.description);
    await card.getByRole('button', { name: 'show less', exact: true }).click();
    await expect.poll(() => description.textContent()).toBe(
      `${firstTool.description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...`,
    );
    const placeOrder = card.getByRole('link', { name: 'Place order' });
    expect(await placeOrder.getAttribute('href')).toBe(`/purchase/${firstTool._id}`);
  });

  it('shows the banner, the business summary and reviews with stars, a default avatar and their average', async () => {
    session = await journey.open();
    const { page } = session;
    const reviews = await (await fetch(`${journey.shop.url}/api/review`)).json();
    const summary = await (await fetch(`${journey.shop.url}/api/review/summary`)).json();
    await page.goto('/');
    // Three slides, each with Get Started (a link to the catalogue, issue 43); the banner moves on by itself every 3000 ms.
    // Waited for as a visitor sees them: the third is the delivery promotion's, and a home page whose
    // data the server failed to load goes out as the plain shell, drawn by the app after the load event (entry-server.tsx).
    await expect.poll(() => page.locator('a[href="/tools"]', { hasText: 'Get Started' }).count()).toBe(3);
    const currentDot = page.locator('[aria-label^="Go to slide"][aria-current="true"]');
    expect(await currentDot.getAttribute('aria-label')).toBe('Go to slide 1');
    await expect.poll(() => currentDot.getAttribute('aria-label'), { timeout: 5000 }).toBe('Go to slide 2');
    for (const figure of ['5% more than last year', '30% more than last year', '50% more than last month', '5% more than last month']) {
      expect(await page.getByText(figure).count()).toBeGreaterThanOrEqual(1);
    }
    const firstReview = reviews[0];
    const reviewCard = page.locator('[data-testid="review-card"]').first();
    await reviewCard.waitFor();
    expect(await reviewCard.getByRole('img', { name: `Rated ${firstReview.rating} out of 5` }).count()).toBe(1);
    const withoutPhoto = reviews.findIndex((review: { photo: string | null }) => review.photo === null);
    const reviewCards = page.locator('[data-testid="review-card"]');
    // The newest reviews show first; older ones load on demand.
    while ((await reviewCards.count()) <= withoutPhoto) {
      const before = await reviewCards.count();
      await page.getByRole('button', { name: 'Load more', exact: true }).click();
      await expect.poll(() => reviewCards.count()).toBeGreaterThan(before);
    }
    const avatar = reviewCards.nth(withoutPhoto).locator('img').first();
    expect(await avatar.getAttribute('src')).toBe('/images/avatar-default.svg');
    expect(summary.count).toBe(reviews.length);
    await page
      .getByTestId('review-summary')
      .getByText(`${summary.averageRating.toFixed(1)} out of 5 from ${summary.count} reviews`, { exact: true })
      .waitFor();
  });

  it('validates the query form, sends it once it is whole, and confirms with a toast', async () => {
    session = await journey.open();
    const { page } = session;
    await page.goto('/');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') posts.push(request.url());
    });
    await page.getByRole('heading', { name: 'Ask us anything about our website' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Submit query' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Phone number is required').waitFor();
    await page.getByText('Role is required').waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Phone number', { exact: true }).fill('5551234567');
    await page.getByLabel('Role', { exact: true }).selectOption('Full Stack Developer');
    await page.getByRole('button', { name: 'Submit query' }).click();
    await page.getByText('Your query is submitted successfully').waitFor();
    // Issue 26: the query is stored, sent once the form is whole (the refused attempt sent nothing).
    expect(posts).toEqual([`${journey.shop.url}/api/queries`]);
  });

  it('shows the not-found page for an unknown path, with the footer, the catalogue and a way back home', async () => {
    session = await journey.open();
    const { page } = session;
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    // Chromium reports the document's 404 in the console (on a busy machine a moment after the page
    // shows); the page itself logs nothing.
    await expect.poll(() => session.problems.length).toBeGreaterThanOrEqual(1);
    expect(takeProblems(session, 404)).toBe(1);
    // Issue 43: the shop's footer and the way to its tools, as on every other page.
    await page.locator('footer').getByRole('navigation', { name: 'Company' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'See our tools' }).click();
    await page.waitForURL(`${journey.shop.url}/tools`);
    await page.locator('[data-testid="tool-card"]').first().waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${journey.shop.url}/home`);
    await page.locator('[data-testid="tool-card"]').first().waitFor();
    // Back may have loaded the not-found document again (when Chromium did not keep the page), its 404 logged again.
    takeProblems(session, 404);
  });

  it('keeps where the visitor had scrolled on a reload and on Back, and opens a new page at its top', async () => {
    session = await journey.open();
    const { page } = session;
    await page.goto('/');
    await page.locator('[data-testid="tool-card"]').first().waitFor();
    // The app has taken the page over when its links navigate in the page.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1500);

    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1500);

    // Clicked where it is: Playwright's own click would first scroll the page to show the link.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('nav a[href="/blogs"]')!.click());
    await page.getByRole('heading', { level: 1, name: 'Blogs' }).waitFor();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(0);
    await page.goBack();
    await page.locator('[data-testid="tool-card"]').first().waitFor();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1500);
  });

  it('shows the blog answers and the portfolio, whose live links lead to pages of this shop only', async () => {
    session = await journey.open();
    const { page } = session;
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Blogs' }).waitFor();
    expect(await page.locator('main article h2').count()).toBeGreaterThanOrEqual(6);

    await page.goto('/myportfolio');
    for (const section of ['Education', 'Skills', 'Projects']) {
      await page.getByRole('heading', { level: 2, name: section }).waitFor();
    }
    // Three projects; only the shop itself runs somewhere a visitor can go, so only it has a live link.
    expect(await page.locator('main article').count()).toBe(3);
    const liveLinks = page.getByRole('link', { name: 'Live site' });
    expect(await liveLinks.count()).toBe(1);
    expect(await liveLinks.getAttribute('href')).toBe('/home');
    await liveLinks.click();
    await page.waitForURL(`${journey.shop.url}/home`);
  });

  it.each(['/', '/blogs', '/myportfolio', '/nope'])('fits a 375 px wide screen on %s, with alt text on every image', async (path) => {
    session = await journey.open({ width: 375, height: 800 });
    const { page } = session;
    await page.goto(path);
    await page.locator('main h1, main h2').first().waitFor();
    await page.waitForLoadState('networkidle');
    if (path === '/nope') expect(takeProblems(session, 404)).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const imagesWithoutAlt = await page.locator('img:not([alt])').count();
    expect(imagesWithoutAlt).toBe(0);
    // The main menu folds into a toggle on a phone.
    await page.getByRole('navigation', { name: 'Main' }).getByLabel('Open menu').click();
    expect(await page.getByRole('link', { name: 'Blogs' }).last().isVisible()).toBe(true);
  });
});
