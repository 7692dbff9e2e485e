import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHOP_PAGE_MAX_BYTES, SHOP_PAGES } from '@voltline/shared/shop-pages';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { DEFAULT_PAGES_DIR } from './shop-pages.ts';

// The pages live in files, not in the database: one database kind is enough.
describe('GET /api/pages/{slug}: the footer pages, the owner\'s text or the shop\'s', () => {
  const logLines: string[] = [];
  const shop = useTestShop(testDatabaseKinds[0]!, { logLines });
  const ownersPage = (slug: string, text: string | Buffer) => {
    mkdirSync(path.join(shop.config.dataDir, 'pages'), { recursive: true });
    writeFileSync(path.join(shop.config.dataDir, 'pages', `${slug}.md`), text);
  };
  const get = (url: string) => shop.app.inject({ method: 'GET', url });

  it('answers every page of the list with its title and the shipped default text, to anyone', async () => {
    for (const page of SHOP_PAGES) {
      const response = await get(`/api/pages/${page.slug}`);
      expect(response.statusCode, page.slug).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const shipped = await readFile(path.join(DEFAULT_PAGES_DIR, `${page.slug}.md`), 'utf8');
      expect(shipped.length, page.slug).toBeGreaterThan(200);
      expect(response.json()).toEqual({ slug: page.slug, title: page.title, text: shipped });
    }
  });

  it('answers the owner\'s file from DATA_DIR/pages once there is one, at once', async () => {
    const text = '## Since 1987\n\nA family workshop in **Springfield**.';
    ownersPage('about', text);
    expect((await get('/api/pages/about')).json()).toEqual({ slug: 'about', title: 'About us', text });
    // Another page without a file of the owner's keeps the default.
    expect((await get('/api/pages/jobs')).json().text).toContain('There are no open positions');
  });

  it('shows the default instead of an owner\'s file past the size limit, and logs why', async () => {
    ownersPage('terms', 'x'.repeat(SHOP_PAGE_MAX_BYTES + 1));
    const answer = (await get('/api/pages/terms')).json();
    expect(answer.text).toBe(await readFile(path.join(DEFAULT_PAGES_DIR, 'terms.md'), 'utf8'));
    expect(logLines.some((line) => line.includes('over the size limit') && line.includes('terms.md'))).toBe(true);
    // At the limit it is the owner's.
    ownersPage('terms', 'y'.repeat(SHOP_PAGE_MAX_BYTES));
    expect((await get('/api/pages/terms')).json().text).toHaveLength(SHOP_PAGE_MAX_BYTES);
  });

  it('answers 404 in words for a name not in the list, and never reads a path given by the client', async () => {
    // A file that exists in DATA_DIR, next to the pages folder: no slug reaches it.
    writeFileSync(path.join(shop.config.dataDir, 'secret.md'), 'not a page');
    ownersPage('secret', 'not a page either');
    for (const slug of ['nope', 'secret', '..%2Fsecret', '..%2F..%2Fpages%2Fabout', 'ABOUT', 'about.md']) {
      const response = await get(`/api/pages/${slug}`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.json(), slug).toEqual({
        error: 'not_found',
        message: "There is no such page. The shop's pages are: about, contact, jobs, terms, privacy, cookies.",
      });
    }
    // A control character is no text at all (issue 24): refused before any page is looked for.
    expect((await get('/api/pages/%00')).json()).toEqual({ error: 'bad_request', message: 'Page contains an invisible control character: remove it' });
  });
});
