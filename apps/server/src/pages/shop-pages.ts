import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { SHOP_PAGE_MAX_BYTES, type ShopPage, type ShopPageEntry } from '@voltline/shared/shop-pages';

/** The texts shipped with the shop, used until the owner writes their own. */
export const DEFAULT_PAGES_DIR = path.resolve(import.meta.dirname, '../../content/pages');

/**
 * A file's text, or undefined when there is none. A file past the bound is not read at all: the
 * shop never holds more than SHOP_PAGE_MAX_BYTES + 1 bytes of it.
 */
async function readBounded(filePath: string): Promise<{ text: string } | { tooLarge: true } | undefined> {
  let file;
  try {
    file = await open(filePath, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const buffer = Buffer.alloc(SHOP_PAGE_MAX_BYTES + 1);
    let filled = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, filled, buffer.length - filled, null);
      if (bytesRead === 0) break;
      filled += bytesRead;
      if (filled === buffer.length) return { tooLarge: true };
    }
    return { text: buffer.toString('utf8', 0, filled) };
  } finally {
    await file.close();
  }
}

/**
 * The footer's pages: DATA_DIR/pages/<slug>.md when the owner wrote one, otherwise the shop's
 * default text. Read on every request (a few KiB), so a replaced file shows at once. An owner's file
 * that cannot be used (too large, unreadable) is logged and the default is shown instead: visitors
 * see a page either way, and the log tells the owner why theirs is not.
 */
export function createShopPages({ dataDir, log, defaultsDir = DEFAULT_PAGES_DIR }: { dataDir: string; log: FastifyBaseLogger; defaultsDir?: string }) {
  const ownersDir = path.join(dataDir, 'pages');

  async function ownersText(page: ShopPageEntry): Promise<string | undefined> {
    const filePath = path.join(ownersDir, `${page.slug}.md`);
    try {
      const read = await readBounded(filePath);
      if (read && 'tooLarge' in read) {
        log.warn({ file: filePath, maxBytes: SHOP_PAGE_MAX_BYTES }, 'Page file is over the size limit; showing the default text');
        return undefined;
      }
      return read?.text;
    } catch (error) {
      log.warn({ err: error, file: filePath }, 'Page file could not be read; showing the default text');
      return undefined;
    }
  }

  return {
    /** The page as visitors see it (the slug comes from the fixed list, never from a request). */
    async read(page: ShopPageEntry): Promise<ShopPage> {
      // The shipped defaults are the shop's own files, of known size.
      const text = (await ownersText(page)) ?? (await readFile(path.join(defaultsDir, `${page.slug}.md`), 'utf8'));
      return { slug: page.slug, title: page.title, text };
    },
  };
}
export type ShopPages = ReturnType<typeof createShopPages>;
