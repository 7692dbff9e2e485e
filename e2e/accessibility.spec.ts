import { describe, expect, it } from 'vitest';
import { SHOP_PAGES, shopPagePath } from '@voltline/shared/shop-pages';
import { ADMIN, ADMIN_ENV, signInInContext } from '@voltline/test-kit/customers';
import { fetchTools, placePaidOrderOverHttp } from '@voltline/test-kit/orders';
import { AXE_WIDTHS, seriousViolations, seriousViolationsShown } from './support/axe.ts';
import { shopJourney } from './support/journey.ts';
import { signUpCustomer } from './support/orders.ts';

// The footer's pages too: /about, /contact, /jobs, /terms, /privacy, /cookies.
// The catalogue page with tools, and with a search that finds none.
const PUBLIC_PAGES = ['/', '/tools?sort=price-asc', '/tools?q=no-such-tool', '/tools/c/power-tools', '/tools/c/test-and-measurement?inStock=true', '/blogs', '/myportfolio', ...SHOP_PAGES.map((page) => shopPagePath(page.slug)), '/login', '/register', '/nope'];
const CUSTOMER_PAGES = ['/dashboard', '/dashboard/myorders', '/dashboard/addareview'];
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

describe('every page passes axe without a serious or critical violation', () => {
  const journey = shopJourney({ env: { ...ADMIN_ENV, AUTH_RATE_LIMIT_MAX: '1000' } });

  for (const size of AXE_WIDTHS) {
    it(`public pages at ${size.width} px`, async () => {
      const session = await journey.open(size);
      const found: string[] = [];
      for (const path of PUBLIC_PAGES) found.push(...(await seriousViolations(session, path)));
      expect(found).toEqual([]);
    });

    it(`a customer's dashboard pages at ${size.width} px`, async () => {
      const session = await journey.open(size);
      const { api } = await signUpCustomer(session.context, journey.shop.url);
      // A paid order, so My Orders shows "payment done!!!" and the admin tables have rows.
      const [tool] = await fetchTools(journey.shop.url);
      await placePaidOrderOverHttp(api, tool!);
      const found: string[] = [];
      for (const path of CUSTOMER_PAGES) found.push(...(await seriousViolations(session, path)));
      // The checkout of a cart with a line, once its summary is drawn (issue 28).
      expect((await api.call('PUT', `/api/cart/lines/${tool!._id}`, { quantity: tool!.minimumOrderQuantity })).status).toBe(200);
      await session.page.goto('/checkout');
      await session.page.getByTestId('summary-total').waitFor();
      found.push(...(await seriousViolationsShown(session.page, '/checkout')));
      expect(found).toEqual([]);
    });

    it(`the admin's dashboard pages at ${size.width} px`, async () => {
      const session = await journey.open(size);
      await signInInContext(session.context, journey.shop.url, ADMIN.email, ADMIN.password);
      const found: string[] = [];
      for (const path of ADMIN_PAGES) found.push(...(await seriousViolations(session, path)));
      expect(found).toEqual([]);
    });
  }
});
