import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@voltline/shared/messages';
import { ACCESS_TOKEN_STORAGE_KEY } from '@voltline/shared/shop-constants';
import { TEXT_LIMITS } from '@voltline/shared/text-limits';
import { ADMIN, ADMIN_ENV, newCustomer, signInInContext, signUpInContext } from '@voltline/test-kit/customers';
import { takeProblems, type BrowserSession } from './support/browser.ts';
import { shopJourney } from './support/journey.ts';
import { makePng, toast } from './support/orders.ts';

/** The visible refusals on the page (field errors and form messages), with text. */
async function shownRefusals(page: Page): Promise<string[]> {
  const texts = await page.locator('[role="alert"]').filter({ visible: true }).allTextContents();
  return texts.map((text) => text.trim()).filter(Boolean);
}

/** What a newcomer met on a walk through the shop (issue 16): refusals, reviews and navigation that explain themselves. */
describe('the shop explains itself', () => {
  const journey = shopJourney({ env: { ...ADMIN_ENV, AUTH_RATE_LIMIT_MAX: '1000' } });
  let session: BrowserSession;

  const openSignedIn = async (viewport?: { width: number; height: number }) => {
    session = await journey.open(viewport);
    await signUpInContext(session.context, journey.shop.url, newCustomer());
    return session.page;
  };

  it('forgot password with an empty email shows one refusal, beside the email field', async () => {
    session = await journey.open();
    const { page } = session;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Password is required', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'forgot password?', exact: true }).click();
    await expect.poll(() => shownRefusals(page)).toEqual(['Enter your email first']);
    const email = page.getByLabel('Email', { exact: true });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
  });

  it("clears an earlier upload's refusal when the profile modal is tried again", async () => {
    const page = await openSignedIn();
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Edit profile', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Update profile' });
    await dialog.getByLabel('LinkedIn', { exact: true }).fill('https://www.linkedin.com/in/casey');
    await dialog.getByLabel('Address', { exact: true }).fill('12 Ohm Street, Springfield');
    await dialog.getByLabel('Phone', { exact: true }).fill('+1 555 123 4567');
    await dialog.getByLabel('Education', { exact: true }).fill('BSc Electrical Engineering');
    // Says it is a PNG but is not one: the browser lets it through, the server refuses it.
    await dialog.getByLabel('Profile picture', { exact: true }).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.poll(() => shownRefusals(page)).toEqual([expect.stringMatching(/not an image we can use/)]);
    expect(takeProblems(session, 400)).toBe(1);

    await dialog.getByLabel('Profile picture', { exact: true }).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.poll(() => shownRefusals(page)).toEqual(['The profile picture must be an image']);

    const png = await makePng();
    await dialog.getByLabel('Profile picture', { exact: true }).setInputFiles(png);
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText(MESSAGES.profileUpdated, { exact: true }).waitFor();
  });

  it('refuses a pasted review over the limit in words, and folds a long review on the home page', async () => {
    const page = await openSignedIn();
    await page.goto('/dashboard/addareview');
    const text = page.getByLabel('Your review', { exact: true });
    // Ends in a letter: the schema trims spaces before it counts.
    const tooLong = `${'Sturdy drill. '.repeat(80).slice(0, TEXT_LIMITS.review)}!`;
    await text.fill(tooLong);
    // Nothing is cut without a word: the whole text stays, and the limit is named.
    expect((await text.inputValue()).length).toBe(TEXT_LIMITS.review + 1);
    await page.getByRole('button', { name: 'Add review', exact: true }).click();
    await page.getByText(`Review can be at most ${TEXT_LIMITS.review} characters`, { exact: true }).waitFor();

    await text.fill(tooLong.slice(0, TEXT_LIMITS.review));
    await page.getByRole('radio', { name: '5 stars', exact: true }).check();
    await page.getByRole('button', { name: 'Add review', exact: true }).click();
    await toast(page, 'Review added successfully').waitFor();

    await page.goto('/');
    const cards = page.locator('[data-testid="review-card"]');
    await cards.first().scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count()).toBeGreaterThan(2);
    const longCard = cards.filter({ hasText: 'Sturdy drill.' });
    const readMore = longCard.getByRole('button', { name: 'Read more', exact: true });
    await readMore.waitFor();
    const heights = await cards.evaluateAll((all) => all.slice(0, 3).map((card) => card.getBoundingClientRect().height));
    // The row is as tall as a short review needs, not stretched by the long one.
    expect(Math.max(...heights)).toBeLessThan(420);
    await readMore.click();
    expect(await longCard.getByRole('button', { name: 'Read less', exact: true }).getAttribute('aria-expanded')).toBe('true');
    expect((await longCard.boundingBox())!.height).toBeGreaterThan(Math.max(...heights));
  });

  it('tells a signed-in customer an admin page is for admins, with the way home', async () => {
    const page = await openSignedIn();
    await page.goto('/dashboard/manageorders');
    await page.getByRole('heading', { name: MESSAGES.adminsOnly, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Login', exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to home', exact: true }).click();
    await page.waitForURL(`${journey.shop.url}/home`);
  });

  it('says why when the server rejects the token and signs the user out', async () => {
    const page = await openSignedIn();
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Edit profile', exact: true }).waitFor();
    await page.evaluate((key) => localStorage.setItem(key, 'a-token-the-server-no-longer-accepts'), ACCESS_TOKEN_STORAGE_KEY);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders', exact: true }).click();
    await toast(page, MESSAGES.sessionEnded).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(takeProblems(session, 401)).toBeGreaterThan(0);
  });

  it('closes the phone dashboard drawer with Escape', async () => {
    const page = await openSignedIn({ width: 375, height: 812 });
    await page.goto('/dashboard');
    const open = page.getByRole('button', { name: 'Open dashboard menu', exact: true });
    const menuLink = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders', exact: true });
    await open.click();
    await expect.poll(() => menuLink.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menuLink.isVisible()).toBe(false);
    expect(await open.getAttribute('aria-expanded')).toBe('false');
  });

  it('refuses "1e3" and a 20-digit number as a tool quantity in words', async () => {
    session = await journey.open();
    const { page } = session;
    await signInInContext(session.context, journey.shop.url, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/addtool');
    const form = page.getByRole('form', { name: 'Add tool' });
    await form.getByLabel('Tool name', { exact: true }).fill('x'.repeat(TEXT_LIMITS.toolName + 1));
    await form.getByLabel('Minimum order quantity', { exact: true }).fill('1e3');
    await form.getByLabel('Available quantity', { exact: true }).fill('99999999999999999999');
    await form.getByLabel('Unit price', { exact: true }).fill('45');
    await form.getByRole('button', { name: 'Add tool', exact: true }).click();
    await page.getByText('Minimum order quantity must be a whole number', { exact: true }).waitFor();
    await page.getByText('Available quantity can be at most 10,000,000', { exact: true }).waitFor();
    await page.getByText(`Tool name can be at most ${TEXT_LIMITS.toolName} characters`, { exact: true }).waitFor();
  });
});
