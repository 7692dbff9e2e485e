import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@voltline/shared/messages';
import { ADMIN, ADMIN_ENV, newCustomer, signInInContext, signUpInContext, signUpOverHttp } from '@voltline/test-kit/customers';
import { signInOverHttp } from '@voltline/test-kit/api-client';
import { logInThroughForm } from './support/accounts.ts';
import { shopJourney } from './support/journey.ts';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const PHONE = { width: 375, height: 812 };

/** Issue 26, items 10, 12 and 13: a profile changed one item at a time, what the keyboard and a thumb need, and the shop's words. */
describe('one item of a profile, the keyboard, a thumb and the shop’s words', () => {
  const journey = shopJourney({ env: { ...ADMIN_ENV, AUTH_RATE_LIMIT_MAX: '1000' } });

  it('changes only the address of a profile with no LinkedIn, education or picture, without being asked for them', async () => {
    const { page, context } = await journey.open();
    await signUpInContext(context, journey.shop.url, newCustomer());
    await page.goto('/dashboard');

    const addAddress = page.getByRole('form', { name: 'Add Address' });
    await addAddress.getByLabel('Address', { exact: true }).fill('1 Old Road, Leeds');
    await addAddress.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('1 Old Road, Leeds', { exact: true }).waitFor();

    // Set, the Add box is gone: the item's Edit button changes it, alone.
    await page.getByRole('button', { name: 'Edit Address', exact: true }).click();
    const editAddress = page.getByRole('form', { name: 'Edit Address' });
    await editAddress.getByLabel('Address', { exact: true }).fill('2 New Street, York');
    await editAddress.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(MESSAGES.profileUpdated, { exact: true }).waitFor();
    await page.getByText('2 New Street, York', { exact: true }).waitFor();
    for (const refusal of ['LinkedIn is required', 'Education is required', 'Profile picture is required']) {
      expect(await page.getByText(refusal).count()).toBe(0);
    }
    // The other items stay missing, each with its own Add box.
    await page.getByRole('form', { name: 'Add LinkedIn' }).waitFor();
    await page.getByRole('form', { name: 'Add Education' }).waitFor();
  });

  it('lands an admin who logs in on the dashboard overview; their profile is one link down; a customer still lands on the storefront', async () => {
    const admin = await journey.open();
    await admin.page.goto('/login');
    await logInThroughForm(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.waitForURL(`${journey.shop.url}/dashboard`);
    await admin.page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    await admin.page.getByRole('region', { name: 'Shop overview' }).waitFor();
    const menu = admin.page.getByRole('navigation', { name: 'Dashboard' });
    await menu.getByRole('link', { name: 'My Profile', exact: true }).click();
    await admin.page.waitForURL(`${journey.shop.url}/dashboard/profile`);
    await admin.page.getByRole('heading', { name: 'My Profile', exact: true }).waitFor();
    expect(await menu.getByRole('link', { name: 'My Profile', exact: true }).getAttribute('aria-current')).toBe('page');

    const customer = newCustomer();
    await signUpOverHttp(journey.shop.url, customer);
    const shopper = await journey.open();
    await shopper.page.goto('/login');
    await logInThroughForm(shopper.page, customer.email, customer.password);
    await shopper.page.waitForURL(`${journey.shop.url}/`);
    await mainNav(shopper.page).getByRole('button', { name: 'Logout', exact: true }).waitFor();
    await shopper.page.goto('/dashboard');
    await shopper.page.getByRole('heading', { name: 'My Profile', exact: true }).waitFor();
  });

  it('outlines the focused header link and marks the current page in the header', async () => {
    const { page } = await journey.open();
    await page.goto('/blogs');
    const blogs = mainNav(page).getByRole('link', { name: 'Blogs', exact: true });
    expect(await blogs.getAttribute('aria-current')).toBe('page');
    expect(await blogs.evaluate((link) => getComputedStyle(link).textDecorationLine)).toBe('underline');
    expect(await mainNav(page).getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current')).toBeNull();

    const home = mainNav(page).getByRole('link', { name: 'Home', exact: true });
    // Keyboard focus (Tab), so :focus-visible applies as it does for a keyboard user.
    await page.keyboard.press('Tab');
    for (let step = 0; step < 10 && !(await home.evaluate((link) => link === document.activeElement)); step++) await page.keyboard.press('Tab');
    const outline = await home.evaluate((link) => {
      const style = getComputedStyle(link);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
  });

  it('gives a tool card’s show more 14 px text and a 44 x 44 px target on a phone', async () => {
    const { page } = await journey.open(PHONE);
    await page.goto('/home');
    const showMore = page.getByTestId('tool-card').first().getByRole('button', { name: 'show more', exact: true });
    await showMore.scrollIntoViewIfNeeded();
    const box = (await showMore.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(await showMore.evaluate((button) => Number.parseFloat(getComputedStyle(button).fontSize))).toBeGreaterThanOrEqual(14);
  });

  it('stops the banner with Pause, and does not start it for a visitor who asked for reduced motion', async () => {
    const { page } = await journey.open();
    await page.goto('/home');
    const banner = page.getByRole('region', { name: 'Voltline highlights' });
    await banner.getByRole('button', { name: 'Pause slides', exact: true }).click();
    await banner.getByRole('button', { name: 'Play slides', exact: true }).waitFor();

    const calm = await journey.open();
    await calm.page.emulateMedia({ reducedMotion: 'reduce' });
    await calm.page.goto('/home');
    await calm.page.getByRole('region', { name: 'Voltline highlights' }).getByRole('button', { name: 'Play slides', exact: true }).waitFor();
  });

  it('scrolls a footer link’s section heading below the sticky header, on a desktop and on a phone', async () => {
    for (const size of [{ width: 1366, height: 768 }, PHONE]) {
      const { page } = await journey.open(size);
      await page.goto('/home');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Manufacturing', exact: true }).click();
      const heading = page.locator('#production-heading');
      const headerBottom = async () => (await page.locator('header').first().boundingBox())!.y + (await page.locator('header').first().boundingBox())!.height;
      await expect.poll(async () => (await heading.boundingBox())!.y - (await headerBottom()), { timeout: 5000 }).toBeGreaterThanOrEqual(0);
    }
  });

  it('shows both role buttons of Make Admin in the Actions column', async () => {
    const colleague = newCustomer();
    const customer = newCustomer();
    await signUpOverHttp(journey.shop.url, colleague);
    await signUpOverHttp(journey.shop.url, customer);
    const ownerApi = await signInOverHttp(journey.shop.url, ADMIN.email, ADMIN.password);
    const colleagueProfile = (await ownerApi.call('GET', `/api/user?email=${encodeURIComponent(colleague.email)}`)).body as { _id: string };
    expect((await ownerApi.call('PATCH', `/api/profile/${colleagueProfile._id}`, { role: 'admin' })).status).toBe(200);

    const { page, context } = await journey.open();
    await signInInContext(context, journey.shop.url, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/makeadmin');
    const columnOf = async (email: string, button: string) => {
      const row = page.getByRole('row').filter({ hasText: email });
      await row.getByRole('button', { name: button, exact: true }).waitFor();
      return row.getByRole('cell').evaluateAll((cells, name) => cells.findIndex((cell) => Array.from(cell.querySelectorAll('button')).some((b) => b.textContent === name)), button);
    };
    const makeAdminColumn = await columnOf(customer.email, 'Make admin');
    const removeAdminColumn = await columnOf(colleague.email, 'Remove admin');
    const columns = await page.getByRole('columnheader').allTextContents();
    expect(makeAdminColumn).toBe(columns.indexOf('Actions'));
    expect(removeAdminColumn).toBe(columns.indexOf('Actions'));
  });
});
