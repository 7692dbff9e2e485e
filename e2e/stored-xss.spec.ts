import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_ENV, signInInContext } from '@voltline/test-kit/customers';
import { signInOverHttp, type ApiSession } from '@voltline/test-kit/api-client';
import { addToolOverHttp } from '@voltline/test-kit/tools';
import { shopJourney } from './support/journey.ts';

/** Markup that would run if any page put text into the DOM as HTML. */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  '<script>window.__xss=(window.__xss||0)+1</script>',
  '"><svg onload="window.__xss=(window.__xss||0)+1">',
];

/** Stored XSS: text that customers and admins write is shown as text on every page that shows it. */
describe('stored markup stays text', () => {
  const journey = shopJourney({ env: ADMIN_ENV });
  let admin: ApiSession;
  let customer: ApiSession;

  beforeAll(async () => {
    const { shop } = journey;
    admin = await signInOverHttp(shop.url, ADMIN.email, ADMIN.password);
    customer = await signInOverHttp(shop.url, 'mallory@example.com', 'Mall#1234', { signUpAs: PAYLOADS[0]! });
    // A tool named and described with markup, a review and a profile full of it.
    await addToolOverHttp(admin, {
      toolName: `Drill ${PAYLOADS[0]}`,
      description: `${PAYLOADS.join(' ')} — a description long enough to need the show more toggle on the card.`,
    });
    await customer.call('POST', '/api/review', { review: PAYLOADS.join(' '), rating: 5 });
    const profile = (await customer.call('GET', '/api/user?email=mallory@example.com')).body;
    await customer.call('PATCH', `/api/profile/${profile._id}`, { address: PAYLOADS[1], education: PAYLOADS[2] });
  });

  it('on the home page, the profile page and the admin pages, no script runs', async () => {
    const visits: { path: string; as: 'customer' | 'admin' | null; shows: string }[] = [
      { path: '/', as: null, shows: 'Drill <img' },
      { path: '/dashboard', as: 'customer', shows: '<script>window.__xss' },
      { path: '/dashboard/managetools', as: 'admin', shows: 'Drill <img' },
      { path: '/dashboard/makeadmin', as: 'admin', shows: 'mallory@example.com' },
    ];
    const { shop } = journey;
    for (const visit of visits) {
      const session = await journey.open();
      if (visit.as === 'customer') await signInInContext(session.context, shop.url, 'mallory@example.com', 'Mall#1234');
      if (visit.as === 'admin') await signInInContext(session.context, shop.url, ADMIN.email, ADMIN.password);
      const { page } = session;
      await page.goto(visit.path);
      await page.getByText(visit.shows).first().waitFor();
      if (visit.path === '/') {
        await page.getByRole('button', { name: 'show more', exact: true }).first().click();
        await page.getByText('<svg onload').first().waitFor();
      }
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), visit.path).toBeUndefined();
      expect(await page.locator('img[src="x"], svg[onload]').count(), visit.path).toBe(0);
      // Checked per page here for a message that names it; the frame checks every session again.
      expect(session.problems, visit.path).toEqual([]);
    }
  });
});
