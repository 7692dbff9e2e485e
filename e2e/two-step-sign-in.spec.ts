import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_REFUSALS } from '@voltline/shared/two-factor';
import { authenticatorFor, wrongCodeFor } from '@voltline/test-kit/authenticator';
import { ADMIN, ADMIN_ENV } from '@voltline/test-kit/customers';
import type { Page } from 'playwright-core';
import { logInThroughForm } from './support/accounts.ts';
import { takeProblems } from './support/browser.ts';
import { shopJourney } from './support/journey.ts';
import { toast } from './support/orders.ts';

const dashboardMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

async function logOut(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login', exact: true }).waitFor();
}

/** Issue 41, item 3 (decision 062): a shop that requires two-step sign-in of its admins. */
describe('two-step sign-in', () => {
  const journey = shopJourney({ env: { ...ADMIN_ENV, ADMIN_TWO_FACTOR: 'required' } });

  it('sends an admin without it to My Profile, where they turn it on, then signs them in with a code or a backup code', async () => {
    const session = await journey.open();
    const { page } = session;
    await page.goto('/login');
    await logInThroughForm(page, ADMIN.email, ADMIN.password);
    // Wherever the sign-in lands on the dashboard, the admin is sent to enrol first.
    await page.waitForURL(`${journey.shop.url}/dashboard/profile`);
    await page.getByText(TWO_FACTOR_MESSAGES.required, { exact: true }).waitFor();

    const card = page.getByRole('form', { name: 'Two-step sign-in' });
    await card.getByLabel('Your password').fill(ADMIN.password);
    await card.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const key = (await card.getByTestId('two-factor-secret').textContent()) ?? '';
    const app = authenticatorFor(key);
    const backupCodes = await card.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
    expect(backupCodes).toHaveLength(10);
    await card.getByLabel('3. Enter the code the app shows').fill(app.code());
    await card.getByRole('button', { name: 'Turn on' }).click();
    await toast(page, TWO_FACTOR_MESSAGES.turnedOn).waitFor();
    await card.getByRole('button', { name: 'Turn off' }).waitFor();
    expect(await page.getByText(TWO_FACTOR_MESSAGES.required, { exact: true }).count()).toBe(0);
    await dashboardMenu(page).getByRole('link', { name: 'Manage All Orders' }).click();
    await page.getByRole('heading', { name: 'Manage All Orders' }).waitFor();
    // The pages the admin had open before enrolling asked admin routes that answered 403 in words.
    takeProblems(session, 403);

    await logOut(page);
    await page.goto('/login');
    await logInThroughForm(page, ADMIN.email, ADMIN.password);
    const code = page.getByLabel('Code from your authenticator app');
    await code.fill(wrongCodeFor(app));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText(TWO_FACTOR_REFUSALS.INVALID_CODE, { exact: true }).waitFor();
    expect(takeProblems(session, 401)).toBe(1);
    await code.fill(app.code());
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    // Back where they were when they logged out.
    await page.getByRole('heading', { name: 'Manage All Orders' }).waitFor();

    // A lost phone: a backup code signs in once.
    await logOut(page);
    await page.goto('/login');
    await logInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('heading', { name: 'Manage All Orders' }).waitFor();
  });
});
