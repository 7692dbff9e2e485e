import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { SHOP_PAGES, shopPagePath } from '@voltline/shared/shop-pages';
import { text } from '@voltline/shared/text';
import type { CatalogueService } from './catalogue-service.ts';

/** The sitemap protocol's bound: past it, /sitemap.xml becomes an index of paged sitemaps. */
const SITEMAP_MAX_URLS = 50_000;
/** Tools read per query while the catalogue is walked: the whole table is never loaded at once. */
const CATALOGUE_BATCH = 1000;

/** The public pages besides the tools: home, the catalogue, blogs, portfolio (product.md, "Screens") and the footer's pages. */
const shopPages = ['/', '/tools', '/blogs', '/myportfolio', ...SHOP_PAGES.map((page) => shopPagePath(page.slug))];

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => xmlEscapes[character]!);

const xmlHeader = '<?xml version="1.0" encoding="UTF-8"?>\n';
const urlSet = (addresses: string[]) =>
  `${xmlHeader}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${addresses
    .map((address) => `  <url><loc>${escapeXml(address)}</loc></url>\n`)
    .join('')}</urlset>\n`;
const sitemapIndex = (addresses: string[]) =>
  `${xmlHeader}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${addresses
    .map((address) => `  <sitemap><loc>${escapeXml(address)}</loc></sitemap>\n`)
    .join('')}</sitemapindex>\n`;

const toolSitemapQuerySchema = z.object({ from: text().max(400).optional() });

/**
 * GET /robots.txt and GET /sitemap.xml: the public pages for search engines, every tool page among
 * them. Built from the live catalogue on each request, so a deleted tool is gone at once.
 */
export function registerSeoRoutes(
  app: FastifyInstance,
  catalogue: CatalogueService,
  publicUrl: string,
  // Tests lower the bound to see the index without 50,000 tools.
  maxUrlsPerSitemap = SITEMAP_MAX_URLS,
): void {
  const batchSize = Math.min(CATALOGUE_BATCH, maxUrlsPerSitemap);
  const absolute = (pagePath: string) => `${publicUrl}${pagePath}`;
  const toolPage = (toolId: string) => absolute(`/tools/${encodeURIComponent(toolId)}`);

  /**
   * Up to `count` tool ids from `cursor` on, in the catalogue's order, a batch at a time, and the
   * cursor where the next ones start (none: the catalogue ends here).
   */
  async function toolIds(count: number, cursor: string | undefined): Promise<{ ids: string[]; next: string | undefined }> {
    const ids: string[] = [];
    let next = cursor;
    do {
      const page = await catalogue.listTools({ q: undefined, limit: Math.min(batchSize, count - ids.length), cursor: next });
      ids.push(...page.items.map((tool) => tool._id));
      next = page.nextCursor;
    } while (next !== undefined && ids.length < count);
    return { ids, next };
  }

  const sendXml = (reply: FastifyReply, xml: string) =>
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'no-cache').send(xml);

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          // Login-only pages, each a customer's own (the checkout as much as a purchase).
          'Disallow: /dashboard',
          'Disallow: /checkout',
          'Disallow: /purchase/',
          'Disallow: /payment/',
          '',
          `Sitemap: ${absolute('/sitemap.xml')}`,
          '',
        ].join('\n'),
      ),
  );

  /** The shop's pages and its category pages (issue 40): a few hundred at most, in one sitemap. */
  const pages = async () => [...shopPages, ...(await catalogue.categorySlugs()).map((slug) => `/tools/c/${encodeURIComponent(slug)}`)].map(absolute);

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const pageAddresses = await pages();
    const firstTools = await toolIds(maxUrlsPerSitemap - pageAddresses.length, undefined);
    if (firstTools.next === undefined) return sendXml(reply, urlSet([...pageAddresses, ...firstTools.ids.map(toolPage)]));
    // Past the bound: the shop's pages in one sitemap, the tools in sitemaps of the bound's size,
    // each starting where the one before it ends (a catalogue cursor).
    const sitemaps = [absolute('/sitemaps/pages.xml'), absolute('/sitemaps/tools.xml')];
    let next = (await toolIds(maxUrlsPerSitemap, undefined)).next;
    while (next !== undefined) {
      sitemaps.push(absolute(`/sitemaps/tools.xml?from=${encodeURIComponent(next)}`));
      next = (await toolIds(maxUrlsPerSitemap, next)).next;
    }
    return sendXml(reply, sitemapIndex(sitemaps));
  });

  app.get('/sitemaps/pages.xml', { schema: { hide: true } }, async (_request, reply) => sendXml(reply, urlSet(await pages())));

  app.get('/sitemaps/tools.xml', { schema: { hide: true, querystring: toolSitemapQuerySchema } }, async (request, reply) => {
    const { from } = request.query as z.infer<typeof toolSitemapQuerySchema>;
    const { ids } = await toolIds(maxUrlsPerSitemap, from);
    return sendXml(reply, urlSet(ids.map(toolPage)));
  });
}
