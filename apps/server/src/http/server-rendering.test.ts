import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@voltline/shared/money';
import { SHOP_PAGES, shopPagePath } from '@voltline/shared/shop-pages';
import type { ToolSearchAnswer } from '@voltline/shared/categories';
import type { Tool } from '@voltline/shared/tool';
import { serverEntryFor } from './server-rendering.ts';
import { registerSeoRoutes } from '../catalogue/seo-routes.ts';
import { seedCategories } from '../seed/seed-categories.ts';
import { TEST_PUBLIC_URL } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer } from '../test-support/test-users.ts';

// The real build of the web app (`npm run build`): its shell and its server entry.
const webDistDir = path.resolve(import.meta.dirname, '../../../web/dist');

/** Text as React writes it into HTML. */
const asHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

const metaContent = (html: string, attribute: 'name' | 'property', key: string) =>
  html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`))?.[1];

/** The contents of every <script> element, with its opening tag. */
const scriptsOf = (html: string) => [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => ({ attributes: attributes!, body: body! }));

function productOf(html: string) {
  const ldJson = scriptsOf(html).filter((script) => script.attributes.includes('application/ld+json'));
  expect(ldJson).toHaveLength(1);
  return JSON.parse(ldJson[0]!.body);
}

const uploadedPicture = '/api/images/00000000-0000-4000-8000-000000000001';

/** Home, the catalogue, blogs, portfolio, the footer's pages and the seeded category pages: every public page besides the tools'. */
const shopPageAddresses = ['/', '/tools', '/blogs', '/myportfolio', ...SHOP_PAGES.map((page) => shopPagePath(page.slug)), ...seedCategories.map((category) => `/tools/c/${category.slug}`)].map(
  (pagePath) => `${TEST_PUBLIC_URL}${pagePath}`,
);

describe.each(testDatabaseKinds)('server-rendered public pages on $name', (kind) => {
  beforeAll(() => {
    expect(existsSync(serverEntryFor(webDistDir)), 'run `npm run build` first: these tests read the real build').toBe(true);
  });
  const shop = useTestShop(kind, { seed: true, webDistDir, users: true });
  let firstTools: Tool[];

  beforeAll(async () => {
    firstTools = (await shop.app.inject({ method: 'GET', url: '/api/getTools?limit=6' })).json();
  });

  const get = (url: string) => shop.app.inject({ method: 'GET', url });
  const admins = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: bearer(shop.admin), payload });

  it('answers / with the first tools and the reviews in the first response, and no inline script', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(firstTools).toHaveLength(6);
    for (const tool of firstTools) expect(response.body).toContain(asHtml(tool.toolName));
    const [newestReview] = (await get('/api/review?limit=1')).json();
    expect(response.body).toContain(asHtml(newestReview.review));
    expect(response.body).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/" />`);
    // The CSP allows no inline script: every script is a file or data the browser does not run.
    for (const script of scriptsOf(response.body)) {
      expect(script.attributes.includes(' src=') || /type="application\/(ld\+)?json"/.test(script.attributes)).toBe(true);
    }
    const state = scriptsOf(response.body).find((script) => script.attributes.includes('id="server-state"'));
    expect(JSON.parse(state!.body).queries.queries.length).toBeGreaterThan(0);
  });

  it('sends a rendered page compressed as the browser accepts', async () => {
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await shop.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': accepted } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('Accept-Encoding');
      const html = decode(response.rawPayload).toString('utf8');
      for (const tool of firstTools) expect(html).toContain(asHtml(tool.toolName));
    }
  });

  it('renders a tool page with its details, title, Open Graph tags and a Product with today\'s price', async () => {
    const tool = firstTools[0]!;
    const response = await get(`/tools/${tool._id}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<title>${asHtml(tool.toolName)} — Voltline Tools</title>`);
    expect(html).toContain(asHtml(tool.description));
    expect(html).toContain(`Minimum order quantity: ${tool.minimumOrderQuantity}`);
    expect(html).toContain(`Unit price: ${formatMoney(tool.price)}`);
    expect(html).toContain(`href="/purchase/${tool._id}"`);
    expect(metaContent(html, 'property', 'og:title')).toBe(asHtml(`${tool.toolName} — Voltline Tools`));
    expect(metaContent(html, 'property', 'og:url')).toBe(`${TEST_PUBLIC_URL}/tools/${tool._id}`);
    // A PNG of the tool's picture (share-images.ts): social sites do not show SVG.
    expect(metaContent(html, 'property', 'og:image')).toBe(`${TEST_PUBLIC_URL}/og/tools/${tool._id}.png`);
    expect(metaContent(html, 'name', 'description')).toBeTruthy();
    expect(productOf(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: tool.toolName,
      offers: { '@type': 'Offer', price: tool.price, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
  });

  it('shows an admin\'s change of price and stock on the tool page right away', async () => {
    const tool = firstTools[1]!;
    expect(productOf((await get(`/tools/${tool._id}`)).body).offers.price).toBe(tool.price);
    const changed = { price: tool.price + 7, minimumOrderQuantity: tool.minimumOrderQuantity, availableQuantity: 0 };
    expect((await admins('PATCH', `/api/updateTool/${tool._id}`, changed)).statusCode).toBe(200);

    const html = (await get(`/tools/${tool._id}`)).body;
    expect(productOf(html).offers).toMatchObject({ price: tool.price + 7, availability: 'https://schema.org/OutOfStock' });
    expect(html).toContain(`Unit price: ${formatMoney(tool.price + 7)}`);
    expect(html).toContain('Out of stock');
  });

  it('renders a family member’s page with the family’s options leading to its sibling, and what fits it both ways with Add to cart (issue 40)', async () => {
    const [bare, kit, battery] = [firstTools[3]!, firstTools[4]!, firstTools[5]!];
    const family = await admins('POST', '/api/admin/families', { name: 'Rendered family', options: ['Kit'] });
    expect((await admins('PUT', `/api/admin/families/${family.json()._id}/tools/${bare._id}`, { values: ['bare'] })).statusCode).toBe(200);
    expect((await admins('PUT', `/api/admin/families/${family.json()._id}/tools/${kit._id}`, { values: ['with 2 batteries'] })).statusCode).toBe(200);
    expect((await admins('PUT', `/api/admin/tools/${kit._id}/accessories/${battery._id}`, { kind: 'battery' })).statusCode).toBe(200);

    const barePage = (await get(`/tools/${bare._id}`)).body;
    expect(barePage).toContain('aria-label="Options of Rendered family"');
    expect(barePage).toMatch(new RegExp(`href="/tools/${kit._id}"[^>]*>with 2 batteries<`));
    const kitPage = (await get(`/tools/${kit._id}`)).body;
    expect(kitPage).toContain('>Fits this tool<');
    expect(kitPage).toContain(`href="/tools/${battery._id}"`);
    expect(kitPage).toContain(`id="add-to-cart-${battery._id}"`);
    const batteryPage = (await get(`/tools/${battery._id}`)).body;
    expect(batteryPage).toContain('>Fits<');
    expect(batteryPage).toContain(`href="/tools/${kit._id}"`);
  });

  it('renders the catalogue page of a search in the order asked for, its address canonical, its tools an ItemList', async () => {
    const all: Tool[] = (await get('/api/getTools?limit=100')).json();
    const drills = all.filter((tool) => tool.toolName.toLowerCase().includes('drill')).sort((a, b) => a.price - b.price || a._id.localeCompare(b._id));
    expect(drills.length).toBeGreaterThanOrEqual(2);
    const response = await get('/tools?q=Drill&sort=price-asc&pages=1');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Tools matching “Drill” — Voltline Tools</title>');
    // Another search's tools are not on it; this one's are, cheapest first.
    for (const tool of all.filter((candidate) => !drills.includes(candidate))) expect(html).not.toContain(`>${asHtml(tool.toolName)}<`);
    const positions = drills.map((tool) => html.indexOf(`>${asHtml(tool.toolName)}<`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // The Show more count is left out of the address to index; the default order would be too.
    expect(html).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/tools?q=Drill&amp;sort=price-asc" />`);
    expect(metaContent(html, 'property', 'og:type')).toBe('website');
    expect(productOf(html)).toMatchObject({
      '@type': 'ItemList',
      itemListElement: drills.map((tool, index) => ({ position: index + 1, url: `${TEST_PUBLIC_URL}/tools/${tool._id}`, name: tool.toolName })),
    });
  });

  it('renders a search that finds nothing as such, not to be indexed, and an unknown sort as the newest first', async () => {
    const nothing = (await get('/tools?q=no-such-tool-anywhere')).body;
    expect(nothing).toContain('No tools match “no-such-tool-anywhere”.');
    expect(metaContent(nothing, 'name', 'robots')).toBe('noindex');
    expect(scriptsOf(nothing).some((script) => script.attributes.includes('application/ld+json'))).toBe(false);

    const oddSort = await get('/tools?sort=cheapest');
    expect(oddSort.statusCode).toBe(200);
    expect(oddSort.body).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/tools" />`);
    const newest = firstTools.map((tool) => oddSort.body.indexOf(`>${asHtml(tool.toolName)}<`));
    expect(newest.every((position) => position > 0)).toBe(true);
    expect(newest).toEqual([...newest].sort((a, b) => a - b));
  });

  it('keeps a tool name that closes the script element inside the JSON-LD data', async () => {
    const toolName = 'Probe </script><script>alert(1)</script> & "quotes"';
    const added = await admins('POST', '/api/addTool', {
      toolName,
      description: 'A tool whose name tries to end the JSON-LD element and run a script of its own.',
      img: uploadedPicture,
      price: 12,
      minimumOrderQuantity: 1,
      availableQuantity: 5,
    });
    expect(added.statusCode).toBe(200);
    const html = (await get(`/tools/${added.json().insertedId}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(productOf(html).name).toBe(toolName);
    const state = scriptsOf(html).find((script) => script.attributes.includes('id="server-state"'))!;
    expect(JSON.stringify(JSON.parse(state.body))).toContain(JSON.stringify(toolName).slice(1, -1));
    expect(html).toContain(`<title>${asHtml(toolName)} — Voltline Tools</title>`);
  });

  it.each([
    ['an unknown tool id', '/tools/00000000-0000-4000-8000-00000000dead', 'Tool not found'],
    ['a malformed tool id', '/tools/not-a-tool', 'Tool not found'],
    ['an unknown path', '/no/such/page', 'Page not found'],
  ])('answers %s with a 404 page', async (_label, url, heading) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(heading);
    expect(response.body).toContain('Back to home');
    // Issue 43: the way to the catalogue, and the shop's footer as on every page.
    expect(response.body).toMatch(/<a [^>]*href="\/tools"[^>]*>See our tools<\/a>/);
    expect(response.body).toContain('<footer');
    expect(metaContent(response.body, 'name', 'robots')).toBe('noindex');
  });

  it('renders the login page, whose form is the first thing a phone sees', async () => {
    const response = await get('/login');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Login — Voltline Tools</title>');
    expect(response.body).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/login" />`);
    // Sent before the app has taken over, the form would put the password into the address.
    expect(response.body.match(/<button type="submit"[^>]*>Login<\/button>/)?.[0]).toContain('disabled=""');
    expect(response.body).toContain('<input id="login-password"');
    expect(response.body).toContain('id="server-state"');
  });

  it.each(['/dashboard', '/dashboard/manageorders', '/payment/some-order', `/purchase/00000000-0000-4000-8000-000000000001?step=1`])(
    'sends a request for the login-only %s without a session to /login (303), with the way back',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/login?${new URLSearchParams({ from: url })}`);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).not.toContain('<div id="root">');
    },
  );

  const asCustomer = (url: string) => shop.app.inject({ method: 'GET', url, headers: { cookie: shop.customer.cookie } });

  it('leaves a signed-in visitor\'s dashboard to the browser: the shell', async () => {
    const response = await asCustomer('/dashboard');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('id="server-state"');
  });

  /** The purchase page's HTML without the state element, and the state. */
  function purchasePageOf(html: string) {
    const state = scriptsOf(html).find((script) => script.attributes.includes('id="server-state"'));
    return {
      html: html.replace(/<script type="application\/json" id="server-state">[\s\S]*?<\/script>/, ''),
      state: state && (JSON.parse(state.body) as { router: { loaderData: Record<string, unknown> }; queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } }),
    };
  }
  const pictureLink = (tool: Tool) => `<link rel="preload" as="image" href="${asHtml(tool.img)}" fetchPriority="high"/>`;

  it('renders the purchase page\'s tool for a signed-in visitor, the form\'s place held and the picture preloaded; nothing of the caller', async () => {
    const tool = firstTools[2]!;
    const response = await shop.app.inject({ method: 'GET', url: `/purchase/${tool._id}`, headers: { cookie: shop.customer.cookie, ...bearer(shop.customer) } });
    const publicTool = (await get(`/api/getTool/${tool._id}`)).json();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const { html, state } = purchasePageOf(response.body);
    // Login-only: the shell's own title; the tool as anyone may read it, drawn before any script runs.
    expect(html).toContain('<title>Voltline — electrical tools, built and stocked</title>');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${asHtml(tool.toolName).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(html).toContain('aria-label="Checking your session"');
    expect(html).not.toContain('Purchase</button>');
    expect(html).toContain(pictureLink(tool));
    expect(state?.queries.queries.map((query) => [query.queryKey, query.state.data])).toEqual([[['tools', 'detail', tool._id], publicTool]]);
    // The server's render has no session: nothing of the caller is in the page.
    for (const secret of [shop.customer.email, shop.customer.name, shop.customer.token, shop.customer.profileId]) expect(response.body).not.toContain(secret);
  });

  it('shows an admin\'s change of a tool on the purchase page right away', async () => {
    const tool = firstTools[3]!;
    const changed = { price: tool.price + 11, minimumOrderQuantity: tool.minimumOrderQuantity, availableQuantity: tool.availableQuantity };
    expect((await admins('PATCH', `/api/updateTool/${tool._id}`, changed)).statusCode).toBe(200);
    const { state } = purchasePageOf((await asCustomer(`/purchase/${tool._id}`)).body);
    expect(state?.queries.queries[0]?.state.data).toMatchObject({ _id: tool._id, price: tool.price + 11 });
  });

  it('answers the purchase page of an unknown tool id 404, saying the tool is not found', async () => {
    const response = await asCustomer('/purchase/00000000-0000-4000-8000-00000000dead');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Tool not found');
  });

  it('lists every tool page in the sitemap and no deleted one; robots.txt points at it', async () => {
    const allTools: Tool[] = (await get('/api/getTools?limit=100')).json();
    const gone = allTools.at(-1)!;
    expect((await admins('DELETE', `/api/deleteTool/${gone._id}`)).statusCode).toBe(200);

    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const listed = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, address]) => address);
    const remaining: Tool[] = (await get('/api/getTools?limit=100')).json();
    expect(listed.sort()).toEqual(
      [...shopPageAddresses, ...remaining.map((tool) => `${TEST_PUBLIC_URL}/tools/${tool._id}`)].sort(),
    );
    expect(listed).not.toContain(`${TEST_PUBLIC_URL}/tools/${gone._id}`);

    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
    // A checkout is a customer's own, as a purchase is: not for search engines, and not in the sitemap.
    expect(robots.body.split('\n')).toEqual(expect.arrayContaining(['Disallow: /checkout', 'Disallow: /purchase/']));
    expect(listed.filter((address) => address.includes('/checkout'))).toEqual([]);
  });

  it('turns the sitemap into an index of paged sitemaps past the bound', async () => {
    // The same routes over the same catalogue, with a bound of 16 addresses instead of 50,000
    // (the shop's own pages, 10 of them, and the 5 seeded category pages fit in one sitemap).
    const bound = 16;
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerSeoRoutes(app, shop.core.catalogue, TEST_PUBLIC_URL, bound);
    await app.ready();
    try {
      const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, address]) => address!.replace(/&amp;/g, '&'));
      const index = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
      expect(index).toContain('<sitemapindex');
      const sitemaps = locations(index);
      const allTools: Tool[] = (await get('/api/getTools?limit=100')).json();
      expect(sitemaps).toHaveLength(1 + Math.ceil(allTools.length / bound));
      const listed: string[] = [];
      for (const sitemap of sitemaps) {
        const page = locations((await app.inject({ method: 'GET', url: sitemap.replace(TEST_PUBLIC_URL, '') })).body);
        expect(page.length).toBeLessThanOrEqual(bound);
        listed.push(...page);
      }
      expect(listed.sort()).toEqual(
        [...shopPageAddresses, ...allTools.map((tool) => `${TEST_PUBLIC_URL}/tools/${tool._id}`)].sort(),
      );
    } finally {
      await app.close();
    }
  });

  // Last in this suite: the categories it makes would be in the sitemaps the tests above count.
  it('renders a category page with its breadcrumb (BreadcrumbList), its filtered tools and counts, lists it in the sitemap, and a tool page with its specifications', async () => {
    const category = async (name: string, slug: string, parentId?: string) =>
      (await admins('POST', '/api/admin/categories', { name, slug, ...(parentId && { parentId }) })).json<{ _id: string; slug: string }>();
    const power = await category('Cordless tools', 'cordless-tools');
    const drivers = await category('Impact drivers', 'impact-drivers', power._id);
    const voltage = (await admins('POST', `/api/admin/categories/${drivers._id}/attributes`, { name: 'Voltage', kind: 'choice', choices: ['12 V', '18 V'] })).json<{ _id: string }>();
    const torque = (await admins('POST', `/api/admin/categories/${drivers._id}/attributes`, { name: 'Torque', kind: 'number', unit: 'Nm' })).json<{ _id: string }>();
    const [strong, small] = [firstTools[0]!, firstTools[1]!];
    for (const [tool, volts, newtonMetres] of [[strong, '18 V', 180], [small, '12 V', 90]] as const) {
      const edit = { price: tool.price, minimumOrderQuantity: tool.minimumOrderQuantity, availableQuantity: tool.availableQuantity, categoryId: drivers._id, specifications: { [voltage._id]: volts, [torque._id]: newtonMetres } };
      expect((await admins('PATCH', `/api/updateTool/${tool._id}`, edit)).statusCode).toBe(200);
    }

    const page = await get(`/tools/c/impact-drivers?filter=${voltage._id}:18 V`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(asHtml(strong.toolName));
    expect(page.body).not.toContain(asHtml(small.toolName));
    // The other choice's count, given the filters chosen: one 12 V driver.
    expect(page.body).toMatch(/12 V(<!-- -->)? <span[^>]*>\(1\)<\/span>/);
    expect(page.body).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/tools/c/impact-drivers" />`);
    const graph = productOf(page.body)['@graph'];
    expect(graph[0]).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'All tools', item: `${TEST_PUBLIC_URL}/tools` },
        { '@type': 'ListItem', position: 2, name: 'Cordless tools', item: `${TEST_PUBLIC_URL}/tools/c/cordless-tools` },
        { '@type': 'ListItem', position: 3, name: 'Impact drivers', item: `${TEST_PUBLIC_URL}/tools/c/impact-drivers` },
      ],
    });
    expect((await get('/tools/c/no-such-category')).statusCode).toBe(404);

    // The catalogue page renders its filters from its address (issue 40, item 5): each top category
    // counted as the search counts it given the filters, its link keeping them.
    const inStock = await get('/api/tools/search?inStock=true&limit=1');
    const cordlessInStock = inStock.json<ToolSearchAnswer>().categories.find((counted) => counted.slug === 'cordless-tools')!.count;
    const catalogue = (await get('/tools?inStock=true')).body;
    expect(catalogue).toMatch(new RegExp(`<a [^>]*href="/tools/c/cordless-tools\\?inStock=true"[^>]*>Cordless tools \\(${cordlessInStock}\\)</a>`));
    expect(catalogue).toMatch(/<input type="checkbox"[^>]*checked=""[^>]*>(<!-- -->)?<span[^>]*>In stock only</);
    // Its search box, a plain form without scripts, keeps the filters too.
    expect(catalogue).toMatch(/<form role="search"[^>]*>(<!-- -->)?<input type="hidden" name="inStock" value="true"\/>/);

    const toolPage = (await get(`/tools/${strong._id}`)).body;
    expect(toolPage).toMatch(/<th scope="row"[^>]*>Torque<\/th><td>180 Nm<\/td>/);
    expect(productOf(toolPage)).toMatchObject({
      category: 'Cordless tools > Impact drivers',
      additionalProperty: [
        { '@type': 'PropertyValue', name: 'Voltage', value: '18 V' },
        { '@type': 'PropertyValue', name: 'Torque', value: 180, unitText: 'Nm' },
      ],
    });

    const listed = [...(await get('/sitemap.xml')).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, address]) => address);
    expect(listed).toEqual(expect.arrayContaining([`${TEST_PUBLIC_URL}/tools/c/cordless-tools`, `${TEST_PUBLIC_URL}/tools/c/impact-drivers`]));
  });
});

/**
 * A rendered page's API calls count against its visitor's turns for uncached reads
 * (http/public-reads.ts), not against the server's own address, which every visitor would share.
 */
describe.each(testDatabaseKinds)('server-rendered searches take the visitor\'s turns, on $name', (kind) => {
  const shop = useTestShop(kind, {
    seed: true,
    webDistDir,
    environment: { TRUST_PROXY: '127.0.0.1', PUBLIC_UNCACHED_READS_PER_SECOND: '4' },
  });

  const renderSearch = (index: number, visitor: string) =>
    shop.app.inject({ method: 'GET', url: `/tools?q=${encodeURIComponent(`Voltline ${index}`)}`, headers: { 'x-forwarded-for': visitor } });
  /** A page the server rendered with its search's answer, not the shell the browser would fill in. */
  const renderedWithTools = (html: string) => /No tools match|tools? shown/.test(html);

  it('renders 40 visitors\' searches at once, each with its answer', async () => {
    const pages = await Promise.all(Array.from({ length: 40 }, (_, index) => renderSearch(index, `198.51.100.${index + 1}`)));
    expect(pages.map((page) => page.statusCode)).toEqual(pages.map(() => 200));
    expect(pages.filter((page) => !renderedWithTools(page.body))).toHaveLength(0);
  });

  it('leaves the browser to search for a visitor past their turns: the shell, still a page', async () => {
    const pages = await Promise.all(Array.from({ length: 40 }, (_, index) => renderSearch(index, '203.0.113.7')));
    expect(pages.map((page) => page.statusCode)).toEqual(pages.map(() => 200));
    const shells = pages.filter((page) => !renderedWithTools(page.body));
    expect(shells.length).toBeGreaterThan(0);
    for (const shell of shells) expect(shell.body).toContain('<div id="root"></div>');
  });
});
