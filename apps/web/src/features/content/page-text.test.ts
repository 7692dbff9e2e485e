import { describe, expect, it } from 'vitest';
import { firstParagraph, parseInline, parsePageText } from './page-text.ts';

describe('a shop page written in a small part of Markdown', () => {
  it('makes headings, paragraphs and lists, paragraphs joined across lines', () => {
    const blocks = parsePageText('# Who we are\nWe make\ntools.\n\n### Where\n- Springfield\n* Shelbyville\nOpen daily.');
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, content: [{ kind: 'text', text: 'Who we are' }] },
      { kind: 'paragraph', content: [{ kind: 'text', text: 'We make tools.' }] },
      { kind: 'heading', level: 3, content: [{ kind: 'text', text: 'Where' }] },
      { kind: 'list', items: [[{ kind: 'text', text: 'Springfield' }], [{ kind: 'text', text: 'Shelbyville' }]] },
      { kind: 'paragraph', content: [{ kind: 'text', text: 'Open daily.' }] },
    ]);
  });

  it('takes Windows line ends and surrounding spaces', () => {
    expect(parsePageText('  ## Hours  \r\n\r\nNine to five\r\n')).toEqual([
      { kind: 'heading', level: 2, content: [{ kind: 'text', text: 'Hours' }] },
      { kind: 'paragraph', content: [{ kind: 'text', text: 'Nine to five' }] },
    ]);
  });

  it('marks strong words and links to the shop, the web and email', () => {
    expect(parseInline('Write to **us** at [mail](mailto:a@b.example), see [terms](/terms) or [the web](https://example.com).')).toEqual([
      { kind: 'text', text: 'Write to ' },
      { kind: 'strong', text: 'us' },
      { kind: 'text', text: ' at ' },
      { kind: 'link', text: 'mail', href: 'mailto:a@b.example' },
      { kind: 'text', text: ', see ' },
      { kind: 'link', text: 'terms', href: '/terms' },
      { kind: 'text', text: ' or ' },
      { kind: 'link', text: 'the web', href: 'https://example.com' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps a link to anywhere else as its words only, and HTML as written', () => {
    expect(parseInline('[click](javascript:alert(1)) [there](//evil.example) <img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: 'click' },
      { kind: 'text', text: ') ' },
      { kind: 'text', text: 'there' },
      { kind: 'text', text: ' <img src=x onerror=alert(1)>' },
    ]);
  });

  it('describes a page by its first paragraph, without marks', () => {
    expect(firstParagraph(parsePageText('## Title\n\nWe **make** [tools](/home).'))).toBe('We make tools.');
    expect(firstParagraph(parsePageText('## Only a title'))).toBe('');
  });
});
