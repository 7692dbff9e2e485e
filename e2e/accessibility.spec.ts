import { describe, expect, it } from 'vitest';
import { SHOP_PAGES, shopPagePath } from '@voltline/shared/shop-pages';
import { ADMIN_ENV } from '@voltline/test-kit/customers';
import { fetchTools, placePaidOrderOverHttp } from '@voltline/test-kit/orders';
import { AXE_WIDTHS, inGroupsOf, seriousViolations, seriousViolationsShown } from './support/axe.ts';
import { shopJourney } from './support/journey.ts';
import { signUpCustomer } from './support/orders.ts';

// The footer's pages too: /about, /contact, /jobs, /terms, /privacy, /cookies.
// The catalogue page with tools, and with a search that finds none.
const PUBLIC_PAGES = ['/', '/tools?sort=price-asc', '/tools?q=no-such-tool', '/tools/c/power-tools', '/tools/c/test-and-measurement?inStock=true', '/blogs', '/myportfolio', ...SHOP_PAGES.map((page) => shopPagePath(page.slug)), '/login', '/register', '/nope'];
const CUSTOMER_PAGES = ['/dashboard', '/dashboard/myorders', '/dashboard/addareview'];

// The back office's pages are checked in accessibility-dashboard.spec.ts, a file of its own so the
// two halves run on both test workers at once.
describe('every public and customer page passes axe without a serious or critical violation', () => {
  const journey = shopJourney({ env: { ...ADMIN_ENV, AUTH_RATE_LIMIT_MAX: '1000' } });

  for (const size of AXE_WIDTHS) {
    // A few pages a test, so each stays well inside its time on a busy machine (20 pages in one did not).
    for (const pages of inGroupsOf(PUBLIC_PAGES, 5)) {
      it(`public pages ${pages.join(' ')} at ${size.width} px`, async () => {
        const session = await journey.open(size);
        const found: string[] = [];
        for (const path of pages) found.push(...(await seriousViolations(session, path)));
        expect(found).toEqual([]);
      });
    }

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
  }
});
