import type { PageHead } from './page-head.ts';
import { SHOP_NAME } from './page-head.ts';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside an element or a quoted attribute. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);
}

/**
 * JSON to place inside a <script> element that only holds data (application/json, ld+json). `<`, `>`
 * and `&` are written as \u escapes, so no text in it (a tool named "</script><script>...") can end the
 * element or start another; JSON.parse reads the same value back.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The tags of a page's head: title, description, canonical link, Open Graph and JSON-LD. */
export function renderHeadTags(head: PageHead, publicUrl: string): string {
  const absolute = (address: string) => new URL(address, `${publicUrl}/`).href;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const structuredData = head.structuredData?.(absolute);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.path === undefined ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(absolute(head.path))}" />`,
    meta('property', 'og:site_name', SHOP_NAME),
    // A tool's page is a product; a list of them (the catalogue) is not.
    meta('property', 'og:type', structuredData?.['@type'] === 'Product' ? 'product' : 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    ...(head.path === undefined ? [] : [meta('property', 'og:url', absolute(head.path))]),
    meta('property', 'og:image', absolute(head.image)),
    meta('name', 'twitter:card', 'summary_large_image'),
  ];
  if (structuredData) tags.push(`<script type="application/ld+json">${jsonForScriptElement(structuredData)}</script>`);
  return tags.join('\n    ');
}
