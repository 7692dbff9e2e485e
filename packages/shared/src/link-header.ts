/**
 * The `cursor` of the next page from a `Link: <...>; rel="next"` header, or undefined on the last page.
 * Kept apart from paging.ts, which builds zod schemas as it loads: the home page reads lists without zod.
 */
export function nextCursorFromLink(link: string | null | undefined): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(',')) {
    const target = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part)?.[1];
    const cursor = target === undefined ? undefined : /[?&]cursor=([^&#]*)/.exec(target)?.[1];
    if (cursor !== undefined) return decodeURIComponent(cursor.replaceAll('+', ' '));
  }
  return undefined;
}
