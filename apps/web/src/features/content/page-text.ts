/**
 * The text of a shop page (About us, Terms of use, ...) as the owner writes it: a small part of
 * Markdown, turned into blocks the page renders as React elements. Nothing in the file becomes
 * HTML: "<b>" is shown as written, and a link goes only to the shop, the web or an email address.
 *
 * - "## Heading" ("#" and "##" make the page's second level, "###" and deeper its third)
 * - "- item" or "* item" lines make a list
 * - other lines make paragraphs, which end at an empty line
 * - in any of them: **strong** and [text](address)
 */

export type Inline = { kind: 'text'; text: string } | { kind: 'strong'; text: string } | { kind: 'link'; text: string; href: string };

export type Block =
  | { kind: 'heading'; level: 2 | 3; content: Inline[] }
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; items: Inline[][] };

/** A page of the shop ("/contact"), a web address, or an email address; not "javascript:" or "//elsewhere". */
const SAFE_HREF = /^(?:\/(?!\/)|https?:\/\/|mailto:)/i;

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseInline(line: string): Inline[] {
  const parts: Inline[] = [];
  let from = 0;
  for (const match of line.matchAll(INLINE)) {
    if (match.index > from) parts.push({ kind: 'text', text: line.slice(from, match.index) });
    const [, strong, linkText, href] = match;
    if (strong !== undefined) parts.push({ kind: 'strong', text: strong });
    else if (SAFE_HREF.test(href!)) parts.push({ kind: 'link', text: linkText!, href: href! });
    else parts.push({ kind: 'text', text: linkText! });
    from = match.index + match[0].length;
  }
  if (from < line.length) parts.push({ kind: 'text', text: line.slice(from) });
  return parts;
}

export function parsePageText(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: Inline[][] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  const endList = () => {
    if (list.length > 0) blocks.push({ kind: 'list', items: list });
    list = [];
  };

  for (const line of text.split(/\r\n|\r|\n/).map((raw) => raw.trim())) {
    const heading = /^(#{1,6})\s+(.+)$/.exec(line);
    const item = /^[-*]\s+(.+)$/.exec(line);
    if (line === '' || heading) {
      endParagraph();
      endList();
      if (heading) blocks.push({ kind: 'heading', level: heading[1]!.length <= 2 ? 2 : 3, content: parseInline(heading[2]!) });
    } else if (item) {
      endParagraph();
      list.push(parseInline(item[1]!));
    } else {
      endList();
      paragraph.push(line);
    }
  }
  endParagraph();
  endList();
  return blocks;
}

/** The words of some inline content, without its marks (for a page's meta description). */
const plainText = (content: Inline[]) => content.map((part) => part.text).join('');

/** The page's first paragraph as plain words, or '' when it has none. */
export function firstParagraph(blocks: Block[]): string {
  const paragraph = blocks.find((block) => block.kind === 'paragraph');
  return paragraph ? plainText(paragraph.content) : '';
}
