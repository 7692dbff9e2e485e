import { describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_ENV, signInInContext } from '@voltline/test-kit/customers';
import { fetchTools, placePaidOrderOverHttp } from '@voltline/test-kit/orders';
import { AXE_WIDTHS, inGroupsOf, seriousViolations } from './support/axe.ts';
import { shopJourney } from './support/journey.ts';
import { signUpCustomer } from './support/orders.ts';

const ADMIN_PAGES = [
  // The overview (an admin's dashboard opens on it) and the admin's own profile.
  '/dashboard',
  '/dashboard/profile',
  '/dashboard/manageorders',
  '/dashboard/managetools',
  '/dashboard/categories',
  '/dashboard/families',
  '/dashboard/catalogue-import',
  '/dashboard/addtool',
  '/dashboard/makeadmin',
  '/dashboard/webhooks',
  '/dashboard/api-keys',
  '/dashboard/delivery',
  '/dashboard/coupons',
  '/dashboard/trade',
  '/dashboard/on-account',
  '/dashboard/customer-groups',
  '/dashboard/tax',
  '/dashboard/returns',
  '/dashboard/carriers',
  '/dashboard/audit',
];

describe("every page of the admin's dashboard passes axe without a serious or critical violation", () => {
  const journey = shopJourney({ env: { ...ADMIN_ENV, AUTH_RATE_LIMIT_MAX: '1000' } });

  it('has a paid order, so the orders tables have a row', async () => {
    const session = await journey.open();
    const { api } = await signUpCustomer(session.context, journey.shop.url);
    const [tool] = await fetchTools(journey.shop.url);
    await placePaidOrderOverHttp(api, tool!);
  });

  for (const size of AXE_WIDTHS) {
    // A few pages a test, so each stays well inside its time on a busy machine (20 pages in one did not).
    for (const pages of inGroupsOf(ADMIN_PAGES, 5)) {
      it(`${pages.join(' ')} at ${size.width} px`, async () => {
        const session = await journey.open(size);
        await signInInContext(session.context, journey.shop.url, ADMIN.email, ADMIN.password);
        const found: string[] = [];
        for (const path of pages) found.push(...(await seriousViolations(session, path)));
        expect(found).toEqual([]);
      });
    }
  }
});
