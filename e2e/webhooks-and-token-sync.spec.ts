import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatShortDate } from '@voltline/shared/shop-constants';
import { WEBHOOK_SIGNATURE_HEADER } from '@voltline/shared/webhook';
import { isSignedWith, startWebhookReceiver, type WebhookReceiver } from '@voltline/test-kit/webhook-receiver';
import { ADMIN, ADMIN_ENV, newCustomer, signInInContext, signUpOverHttp } from '@voltline/test-kit/customers';
import { signInOverHttp } from '@voltline/test-kit/api-client';
import { fetchTools, placePaidOrderOverHttp } from '@voltline/test-kit/orders';
import { logInThroughForm, storedAccessToken } from './support/accounts.ts';
import { takeProblems, type BrowserSession } from './support/browser.ts';
import { shopJourney } from './support/journey.ts';
import { toast } from './support/orders.ts';
import { startTokenSyncServer, type TokenSyncServer } from './support/token-sync-server.ts';

let session: BrowserSession;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** product.md, "The API": the web app hands the API token to AUTH_TOKEN_SYNC_URL when it gets one, and takes it back on sign-out. */
describe('token sync', () => {
  let sync: TokenSyncServer;
  // Started before the shop, which is told its address; stopped after the shop.
  beforeAll(async () => {
    sync = await startTokenSyncServer();
  });
  afterAll(async () => {
    await sync?.stop();
  });
  const journey = shopJourney({ env: () => ({ AUTH_TOKEN_SYNC_URL: sync.url }) });

  async function logIn(page: Page): Promise<string> {
    const customer = newCustomer();
    await signUpOverHttp(journey.shop.url, customer);
    await page.goto('/login');
    await logInThroughForm(page, customer.email, customer.password);
    await mainNav(page).getByRole('button', { name: 'Logout', exact: true }).waitFor();
    await expect.poll(() => storedAccessToken(page)).not.toBeNull();
    return (await storedAccessToken(page))!;
  }

  async function logOut(page: Page): Promise<void> {
    await mainNav(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await mainNav(page).getByRole('link', { name: 'Login', exact: true }).waitFor();
    await expect.poll(() => storedAccessToken(page)).toBeNull();
  }

  it('POSTs the new token as a Bearer after logging in, and sends DELETE without it after Logout', async () => {
    session = await journey.open();
    const { page } = session;
    await page.goto('/');
    await page.locator('[data-testid="tool-card"]').first().waitFor();
    // A visitor who is not signed in causes no sync at all.
    expect(sync.calls).toEqual([]);

    const token = await logIn(page);
    await expect.poll(() => sync.calls).toEqual([{ method: 'POST', authorization: `Bearer ${token}` }]);

    await logOut(page);
    await expect.poll(() => sync.calls).toEqual([
      { method: 'POST', authorization: `Bearer ${token}` },
      { method: 'DELETE', authorization: undefined },
    ]);
    // The two syncs are the only requests that leave the shop's origin, and they are meant to.
    expect(takeProblems(session, `outside request: ${sync.url}`)).toBe(2);
  });

  it('signs in and out as usual while the sync server is down', async () => {
    await sync.stop();
    session = await journey.open();
    const { page } = session;
    const callsBefore = sync.calls.length;

    await logIn(page);
    // Within the app: a page load would renew the token, which is one more sync.
    await mainNav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { name: 'My Profile', exact: true }).waitFor();
    await logOut(page);

    // Both syncs were tried and failed; Chromium logs each refused connection, and the app nothing.
    const expected = [`outside request: ${sync.url}`, 'console error: Failed to load resource: net::ERR_CONNECTION_REFUSED'];
    const count = (entry: string) => session.problems.filter((problem) => problem === entry).length;
    await expect.poll(() => expected.map(count)).toEqual([2, 2]);
    expect(expected.map((entry) => takeProblems(session, entry))).toEqual([2, 2]);
    expect(sync.calls.length).toBe(callsBefore);
  });
});

/** An admin registers a system for signed order events and reads its delivery log. */
describe('webhooks', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.stop();
  });
  // Without AUTH_TOKEN_SYNC_URL nothing is synced: any such request would show as an outside request.
  // The receiver listens on 127.0.0.1, which only an operator's WEBHOOK_ALLOW_PRIVATE_TARGETS lets through.
  const journey = shopJourney({ env: { ...ADMIN_ENV, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });

  async function openWebhooksPage(): Promise<Page> {
    session = await journey.open();
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.shop.url });
    await signInInContext(session.context, journey.shop.url, ADMIN.email, ADMIN.password);
    const { page } = session;
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page.getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
    return page;
  }

  async function fillEndpoint(page: Page, url: string, events: string[]): Promise<void> {
    await page.getByLabel('Endpoint URL', { exact: true }).fill(url);
    const group = page.getByRole('group', { name: 'Events' });
    for (const event of events) await group.getByRole('checkbox', { name: event, exact: true }).check();
    await page.getByRole('button', { name: 'Add endpoint', exact: true }).click();
  }

  const endpointRows = (page: Page) => page.locator('[data-testid="endpoint-row"]');

  it('adds an endpoint, shows its secret once, and delivers paid and shipped orders signed with it', async () => {
    const page = await openWebhooksPage();
    await page.getByText('No webhook endpoint yet', { exact: true }).waitFor();

    // The browser's date on either side of the adding: a run that crosses midnight sees one of the two.
    const browserToday = () => page.evaluate(() => Date.now()).then((now) => formatShortDate(new Date(now)));
    const dayBefore = await browserToday();
    await fillEndpoint(page, receiver.url, ['order.paid', 'order.shipped']);
    await toast(page, 'Webhook endpoint added').waitFor();
    const secretBox = page.getByRole('status').filter({ hasText: 'Signing secret (shown once):' });
    const secret = (await secretBox.getByTestId('signing-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    expect(await secretBox.textContent()).toContain(`Signing secret (shown once): ${secret}`);
    expect(await secretBox.textContent()).toContain(
      `Each delivery carries ${WEBHOOK_SIGNATURE_HEADER}: t=<time>,v1=<HMAC-SHA256 of "t.body" with this secret>.`,
    );
    await secretBox.getByRole('button', { name: 'Copy', exact: true }).click();
    await secretBox.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    await expect.poll(() => endpointRows(page).count()).toBe(1);
    const cells = await endpointRows(page).first().getByRole('cell').allTextContents();
    expect(cells.slice(0, 2)).toEqual([receiver.url, 'order.paid, order.shipped']);
    expect([dayBefore, await browserToday()]).toContain(cells[2]);

    // Nothing has happened yet.
    await page.getByRole('button', { name: `Deliveries for ${receiver.url}`, exact: true }).click();
    const deliveries = page.getByRole('dialog', { name: 'Deliveries' });
    await deliveries.getByText('No delivery yet', { exact: true }).waitFor();
    await deliveries.getByRole('button', { name: 'Close', exact: true }).click();
    await deliveries.waitFor({ state: 'detached' });

    // A customer orders and pays; the admin ships.
    const [tool] = await fetchTools(journey.shop.url);
    const buyer = await signUpOverHttp(journey.shop.url);
    const orderId = await placePaidOrderOverHttp(buyer, tool!);
    const admin = await signInOverHttp(journey.shop.url, ADMIN.email, ADMIN.password);
    expect((await admin.call('PATCH', `/api/deliverConfirm/${orderId}`, { delivery: 'shipped' })).status).toBe(200);

    const eventsFor = () =>
      receiver.received
        .map((delivery) => JSON.parse(delivery.body) as { type: string; data: { order: { _id: string } } })
        .map((body) => `${body.type} ${body.data.order._id}`);
    // The dispatcher runs every 2 s; placing the order (order.placed) was not subscribed to.
    await expect.poll(eventsFor, { timeout: 15_000, interval: 250 }).toEqual([`order.paid ${orderId}`, `order.shipped ${orderId}`]);
    for (const delivery of receiver.received) {
      expect(isSignedWith(secret, delivery)).toBe(true);
    }

    await page.getByRole('button', { name: `Deliveries for ${receiver.url}`, exact: true }).click();
    await deliveries.waitFor();
    const deliveryRows = deliveries.locator('[data-testid="delivery-row"]');
    const logShown = async () =>
      (await deliveryRows.evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent ?? '')))).map(
        ([event, , attempts, status, state]) => [event, attempts, status, state?.split(' ')[0]],
      );
    // Newest first; the log refreshes itself while a delivery is still on its way.
    await expect.poll(logShown, { timeout: 10_000 }).toEqual([
      ['order.shipped', '1', '200', 'delivered'],
      ['order.paid', '1', '200', 'delivered'],
    ]);
    await deliveries.getByRole('button', { name: 'Close', exact: true }).click();
    await deliveries.waitFor({ state: 'detached' });
    // Exactly one of each: nothing was sent twice meanwhile.
    expect(eventsFor()).toEqual([`order.paid ${orderId}`, `order.shipped ${orderId}`]);

    // The secret is not shown again once the page is left.
    await page.reload();
    await expect.poll(() => endpointRows(page).count()).toBe(1);
    expect(await page.getByTestId('signing-secret').count()).toBe(0);

    await page.getByRole('button', { name: `Remove ${receiver.url}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this endpoint?' });
    await confirm.getByRole('button', { name: 'Yes, remove', exact: true }).click();
    await toast(page, 'Webhook endpoint removed').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No webhook endpoint yet', { exact: true }).waitFor();
  });

  it('asks for an event, and shows the server’s refusal of a link-local address', async () => {
    const page = await openWebhooksPage();
    await page.getByText('No webhook endpoint yet', { exact: true }).waitFor();

    await fillEndpoint(page, 'http://169.254.169.254/latest', []);
    await page.getByRole('alert').filter({ hasText: 'Pick at least one event' }).waitFor();

    await fillEndpoint(page, 'http://169.254.169.254/latest', ['order.placed']);
    await page.getByRole('alert').filter({ hasText: 'Link-local addresses cannot receive webhooks.' }).waitFor();
    expect(await endpointRows(page).count()).toBe(0);
    // The refusal is a 400 answer, which Chromium logs.
    expect(takeProblems(session, 400)).toBe(1);
  });
});
