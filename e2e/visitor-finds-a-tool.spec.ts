import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@voltline/shared/money';
import type { Tool } from '@voltline/shared/tool';
import { newCustomer, type Customer } from '@voltline/test-kit/customers';
import { fetchTools } from '@voltline/test-kit/orders';
import { logInThroughForm } from './support/accounts.ts';
import { takeProblems, type BrowserSession } from './support/browser.ts';
import { holdRequests, rememberServerElement } from './support/hydration.ts';
import { shopJourney } from './support/journey.ts';

/**
 * A visitor (or a search engine) opens the shop's public pages: each arrives rendered by the server,
 * and the app takes it over in the browser without redrawing it and without an error.
 */
describe('a visitor finds a tool', () => {
  const journey = shopJourney();
  let session: BrowserSession;
  let tools: Tool[];
  let customer: Customer;

  beforeAll(async () => {
    tools = await fetchTools(journey.shop.url);
    // An account that exists, in no browser yet: the visitor signs in on the way to ordering.
    customer = newCustomer();
    const signUp = await fetch(`${journey.shop.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: journey.shop.url },
      body: JSON.stringify({ name: customer.name, email: customer.email, password: customer.password }),
    });
    expect(signUp.ok).toBe(true);
  });

  it('opens a tool page from the home page, clicks Place order, signs in and lands on the purchase page', async () => {
    session = await journey.open();
    const { page } = session;
    const tool = tools[1]!;
    await page.goto('/');
    await page.locator('[data-testid="tool-card"]').nth(1).getByRole('link', { name: tool.toolName }).click();
    await page.waitForURL(`${journey.shop.url}/tools/${tool._id}`);
    await page.getByRole('heading', { level: 1, name: tool.toolName }).waitFor();
    await page.getByText(tool.description, { exact: true }).waitFor();
    await page.getByText(`Minimum order quantity: ${tool.minimumOrderQuantity}`, { exact: true }).waitFor();
    await page.getByText(`Available to order: ${tool.orderableQuantity ?? tool.availableQuantity}`, { exact: true }).waitFor();
    await page.getByText(`Unit price: ${formatMoney(tool.price)}`, { exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe(`${tool.toolName} — Voltline Tools`);

    await page.getByRole('link', { name: 'Place order', exact: true }).click();
    await page.waitForURL(`${journey.shop.url}/login`);
    await logInThroughForm(page, customer.email, customer.password);
    await page.waitForURL(`${journey.shop.url}/purchase/${tool._id}`);
    await page.getByRole('heading', { level: 1, name: tool.toolName }).waitFor();
    await page.getByRole('button', { name: 'Order and pay', exact: true }).waitFor();
  });

  it('keeps what a visitor typed into the server-rendered login form before the app took it over, and signs in with it', async () => {
    session = await journey.open();
    const { page } = session;
    // The login page's code comes late, after the shop has answered who is signed in (nobody): an
    // app that took the page over without that code drew the form anew and lost the typing. The
    // code is held until the visitor has typed.
    const releaseLoginCode = await holdRequests(page, '**/assets/login-*.js');
    await rememberServerElement(page, 'serverEmail', '#login-email');
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    const login = page.getByRole('button', { name: 'Login', exact: true });
    expect(await login.isDisabled()).toBe(true);
    releaseLoginCode();
    // The app has taken over when the button takes a press; the fields are still the server's.
    await expect.poll(() => login.isEnabled()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { serverEmail: Element | null }).serverEmail?.isConnected)).toBe(true);
    await login.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout', exact: true }).waitFor();
  });

  it.each([
    ['/', 200],
    ['/home', 200],
    ['/tools/:first', 200],
    ['/blogs', 200],
    ['/myportfolio', 200],
    ['/login', 200],
    ['/no/such/page', 404],
    ['/tools/00000000-0000-4000-8000-00000000dead', 404],
  ])('hydrates %s as the server rendered it, with no console error', async (route, status) => {
    session = await journey.open();
    const { page } = session;
    // Before the app's code runs, remember the server's header element: a hydration mismatch would
    // make React draw the page again, with new elements.
    await rememberServerElement(page, 'serverHeader', '#root header');
    const response = await page.goto(route.replace(':first', tools[0]!._id));
    expect(response?.status()).toBe(status);
    expect(await response?.text()).toContain('id="server-state"');
    await page.waitForLoadState('networkidle');
    // The app has taken over: its links navigate in the page, without a new document.
    expect(
      await page.evaluate(() => {
        const server = (window as unknown as { serverHeader: Element | null }).serverHeader;
        return server !== null && server === document.querySelector('#root header');
      }),
    ).toBe(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Blogs' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { serverHeader: Element | null }).serverHeader?.isConnected)).toBe(true);
    // Chromium reports a document's 404 in the console; the page itself logs nothing.
    if (status === 404) expect(takeProblems(session, 404)).toBe(1);
  });
});
