import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@voltline/shared/messages';
import type { Tool } from '@voltline/shared/tool';
import { gtinMessages } from '@voltline/shared/tool-codes';
import { ADMIN, ADMIN_ENV, newCustomer, signInInContext, signUpInContext, signUpOverHttp } from '@voltline/test-kit/customers';
import { signInOverHttp } from '@voltline/test-kit/api-client';
import { fetchTools, placePaidOrderOverHttp } from '@voltline/test-kit/orders';
import { STAFF_ROLE_LABELS } from '@voltline/shared/staff-roles';
import { signedInName } from './support/accounts.ts';
import { takeProblems, type BrowserSession } from './support/browser.ts';
import { shopJourney } from './support/journey.ts';
import { makePng, toast } from './support/orders.ts';

/** Issue 16: what a shop owner expects: edit a whole tool, take an admin role back, give a staff role (issue 41), change one's own name and password. */
describe('the owner edits tools, roles and their own account', () => {
  // Its callers sign in more than the ten times a minute one address may (the owner, a customer, a fulfilment clerk).
  const journey = shopJourney({ env: { ...ADMIN_ENV, AUTH_RATE_LIMIT_MAX: '100' } });
  let session: BrowserSession;
  let tools: Tool[];

  beforeAll(async () => {
    tools = await fetchTools(journey.shop.url);
  });

  async function openAsAdmin(path: string): Promise<Page> {
    session = await journey.open();
    await signInInContext(session.context, journey.shop.url, ADMIN.email, ADMIN.password);
    await session.page.goto(path);
    return session.page;
  }
  const toolRowOf = (page: Page, toolName: string) =>
    page.locator('[data-testid="tool-row"]').filter({ has: page.getByRole('cell', { name: toolName, exact: true }) });

  it('renames a tool, describes it anew and gives it another picture; its page shows them; a taken name is refused in words', async () => {
    const [tool, other] = [tools[0]!, tools[1]!];
    const page = await openAsAdmin('/dashboard/managetools');
    await toolRowOf(page, tool.toolName).getByRole('button', { name: `Edit ${tool.toolName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Update tool' });
    expect(await dialog.getByLabel('Tool name', { exact: true }).inputValue()).toBe(tool.toolName);

    // Another tool's name first: the dialog stays open and says why.
    await dialog.getByLabel('Tool name', { exact: true }).fill(other.toolName);
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await dialog.getByText(`A tool named "${other.toolName}" already exists.`, { exact: true }).waitFor();
    expect(takeProblems(session, 409)).toBe(1);

    const renamed = `${tool.toolName} Mk II`;
    const description = 'Rebuilt with a brushless motor and a second battery, as the owner describes it now.';
    await dialog.getByLabel('Tool name', { exact: true }).fill(renamed);
    await dialog.getByLabel('Description', { exact: true }).fill(description);
    await dialog.getByLabel('Image', { exact: true }).setInputFiles(await makePng());
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await toast(page, 'Tool updated successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await toolRowOf(page, renamed).waitFor();

    await page.goto(`/tools/${tool._id}`);
    await page.getByRole('heading', { level: 1, name: renamed, exact: true }).waitFor();
    await page.getByText(description, { exact: true }).waitFor();
    expect(await page.getByRole('img', { name: renamed, exact: true }).first().getAttribute('src')).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
  });

  it('gives a tool a SKU and a GTIN (a wrong check digit refused in words); its page shows the SKU, and the catalogue finds it by SKU and by a typo (issue 40)', async () => {
    const tool = tools[2]!;
    const page = await openAsAdmin('/dashboard/managetools');
    await toolRowOf(page, tool.toolName).getByRole('button', { name: `Edit ${tool.toolName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Update tool' });
    // A word no other tool's name holds, for the typo search below.
    const renamed = `${tool.toolName} Quadrangulator`;
    await dialog.getByLabel('Tool name', { exact: true }).fill(renamed);
    await dialog.getByLabel('SKU (optional)', { exact: true }).fill('VL-JOURNEY-7');
    await dialog.getByLabel('EAN / GTIN (optional)', { exact: true }).fill('4006381333932');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await dialog.getByText(gtinMessages.checkDigit('4006381333932', 1), { exact: true }).waitFor();
    await dialog.getByLabel('EAN / GTIN (optional)', { exact: true }).fill('4006381 333931');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await toast(page, 'Tool updated successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await toolRowOf(page, renamed).getByText('VL-JOURNEY-7', { exact: true }).waitFor();
    await toolRowOf(page, renamed).getByText('4006381333931', { exact: true }).waitFor();

    await page.goto(`/tools/${tool._id}`);
    await page.getByText('SKU: VL-JOURNEY-7', { exact: true }).waitFor();

    // The SKU's start and a typo in the name each find it, the best match first.
    const firstCard = () => page.locator('[data-testid="tool-card"] h3').first().innerText();
    await page.goto('/tools?q=vl-journey');
    await expect.poll(firstCard).toBe(renamed);
    await page.goto('/tools?q=quadrangulatr');
    await expect.poll(firstCard).toBe(renamed);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('relevance');
  });

  it('takes another admin’s role back after asking; their token stops getting admin answers; the history says who and when', async () => {
    const colleague = newCustomer();
    const colleagueApi = await signUpOverHttp(journey.shop.url, colleague);
    const ownerApi = await signInOverHttp(journey.shop.url, ADMIN.email, ADMIN.password);
    const colleagueProfile = (await ownerApi.call('GET', `/api/user?email=${encodeURIComponent(colleague.email)}`)).body;
    expect((await ownerApi.call('PATCH', `/api/profile/${colleagueProfile._id}`, { role: 'admin' })).status).toBe(200);
    expect((await colleagueApi.call('GET', '/api/adminGetTools?limit=1')).status).toBe(200);

    const page = await openAsAdmin('/dashboard/makeadmin');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(colleague.email);
    const row = page.getByRole('row').filter({ hasText: colleague.email });
    await row.getByRole('button', { name: 'Remove admin', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Remove the admin role of ${colleague.email}?` });
    await dialog.getByRole('button', { name: 'Yes, remove admin', exact: true }).click();
    await toast(page, MESSAGES.adminRemoved(colleague.name)).waitFor();
    await row.getByRole('button', { name: 'Make admin', exact: true }).waitFor();
    expect((await colleagueApi.call('GET', '/api/adminGetTools?limit=1')).status).toBe(403);

    await row.getByRole('button', { name: `Role history of ${colleague.email}`, exact: true }).click();
    const history = page.getByRole('dialog', { name: 'Role history' });
    const changes = history.getByRole('listitem');
    await expect.poll(() => changes.allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^Admin role removed by ${ADMIN.email} on `)),
      expect.stringMatching(new RegExp(`^Made an admin by ${ADMIN.email} on `)),
    ]);
    await history.getByRole('button', { name: 'Close', exact: true }).click();

    // The owner's own row offers no way to remove their own role.
    await page.getByRole('searchbox', { name: 'Search users' }).fill(ADMIN.email);
    const ownRow = page.getByRole('row').filter({ hasText: ADMIN.email });
    await ownRow.getByRole('button', { name: `Role history of ${ADMIN.email}`, exact: true }).waitFor();
    expect(await ownRow.getByRole('button', { name: 'Remove admin', exact: true }).count()).toBe(0);
  });

  it('gives a colleague the fulfilment role on Team; they see only their pages, ship an order, and are refused a refund in words (decision 063)', async () => {
    const clerk = newCustomer();
    const clerkApi = await signUpOverHttp(journey.shop.url, clerk);
    const buyerApi = await signUpOverHttp(journey.shop.url);
    const orderId = await placePaidOrderOverHttp(buyerApi, tools[3]!);
    const { orderNumber } = (await buyerApi.call('GET', `/api/purchasedSingle/${orderId}`)).body;

    const owner = await openAsAdmin('/dashboard/makeadmin');
    await owner.getByRole('heading', { name: 'Team', exact: true }).waitFor();
    await owner.getByRole('searchbox', { name: 'Search users' }).fill(clerk.email);
    await owner.getByRole('row').filter({ hasText: clerk.email }).getByRole('button', { name: `Roles of ${clerk.email}`, exact: true }).click();
    const rolesDialog = owner.getByRole('dialog', { name: `Roles of ${clerk.email}` });
    await rolesDialog.getByLabel(STAFF_ROLE_LABELS.fulfilment, { exact: true }).check();
    await rolesDialog.getByRole('button', { name: 'Save roles', exact: true }).click();
    await toast(owner, `Roles of ${clerk.name} saved`).waitFor();
    await owner.getByRole('row').filter({ hasText: clerk.email }).getByRole('cell', { name: 'fulfilment', exact: true }).waitFor();

    session = await journey.open();
    await signInInContext(session.context, journey.shop.url, clerk.email, clerk.password);
    const { page } = session;
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');
    await expect.poll(() => menu.allTextContents()).toEqual(['My Profile', 'Manage All Orders', 'Returns', 'Carriers']);

    await menu.getByText('Manage All Orders', { exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber);
    const row = page.locator('[data-testid="order-row"]').filter({ hasText: orderNumber });
    await row.getByRole('button', { name: 'Deliver', exact: true }).waitFor();
    // Shipping is theirs; refunds are the accounts'.
    expect(await row.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    await row.getByRole('button', { name: 'Deliver', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Deliver order' });
    await dialog.getByRole('button', { name: 'Confirm delivery', exact: true }).click();
    await toast(page, 'Order shipped successfully').waitFor();
    await row.getByText('Product delivered', { exact: true }).waitFor();

    const refund = await clerkApi.call('POST', `/api/adminPurchased/${orderId}/refund`, { amount: 1, reason: 'Not theirs to give' });
    expect(refund).toEqual({ status: 403, body: { error: 'forbidden', message: 'Only an admin or accounts staff can do this.' } });
    await page.goto('/dashboard/trade');
    await page.getByRole('heading', { name: MESSAGES.notYourRolesPage, exact: true }).waitFor();
  });

  it('changes the customer’s own name and password from My Profile, in the shop’s words', async () => {
    session = await journey.open();
    const { page } = session;
    const customer = newCustomer();
    await signUpInContext(session.context, journey.shop.url, customer);
    await page.goto('/dashboard');

    await page.getByRole('button', { name: 'Change name', exact: true }).click();
    const nameDialog = page.getByRole('dialog', { name: 'Change name' });
    await nameDialog.getByLabel('Name', { exact: true }).fill(`${customer.name} Renamed`);
    await nameDialog.getByRole('button', { name: 'Save name', exact: true }).click();
    await toast(page, MESSAGES.nameChanged).waitFor();
    await page.getByRole('heading', { name: `${customer.name} Renamed`, exact: true }).waitFor();
    await expect.poll(() => signedInName(page).textContent()).toBe(`${customer.name} Renamed`);

    await page.getByRole('button', { name: 'Change password', exact: true }).click();
    const passwordDialog = page.getByRole('dialog', { name: 'Change password' });
    await passwordDialog.getByLabel('Current password', { exact: true }).fill('Wrong#2026');
    await passwordDialog.getByLabel('New password', { exact: true }).fill('Fresh#2026');
    await passwordDialog.getByLabel('Confirm new password', { exact: true }).fill('Fresh#2026');
    await passwordDialog.getByRole('button', { name: 'Change password', exact: true }).click();
    await passwordDialog.getByText('Your current password is not right.', { exact: true }).waitFor();
    expect(takeProblems(session, 400)).toBe(1);

    await passwordDialog.getByLabel('Current password', { exact: true }).fill(customer.password);
    await passwordDialog.getByRole('button', { name: 'Change password', exact: true }).click();
    await toast(page, MESSAGES.passwordUpdated).waitFor();
    await passwordDialog.waitFor({ state: 'detached' });

    // Still signed in on this page, with the renewed session's token.
    await page.reload();
    await page.getByRole('heading', { name: `${customer.name} Renamed`, exact: true }).waitFor();
    await expect(signInOverHttp(journey.shop.url, customer.email, customer.password)).rejects.toThrow(/401/);
    expect((await signInOverHttp(journey.shop.url, customer.email, 'Fresh#2026')).token).toEqual(expect.any(String));
  });
});
