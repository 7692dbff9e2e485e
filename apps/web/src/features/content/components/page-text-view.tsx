import { Fragment } from 'react';
import { Link } from 'react-router';
import { parsePageText, type Inline } from '../page-text.ts';

function InlineParts({ content }: { content: Inline[] }) {
  return content.map((part, index) => {
    if (part.kind === 'strong') return <strong key={index}>{part.text}</strong>;
    if (part.kind === 'link') {
      return part.href.startsWith('/') ? (
        <Link key={index} to={part.href} className="link">
          {part.text}
        </Link>
      ) : (
        <a key={index} href={part.href} className="link" rel="noopener noreferrer">
          {part.text}
        </a>
      );
    }
    return <Fragment key={index}>{part.text}</Fragment>;
  });
}

/** A shop page's text as React elements (page-text.ts says which Markdown it understands). */
export function PageTextView({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-4 leading-relaxed">
      {parsePageText(text).map((block, index) => {
        if (block.kind === 'heading') {
          const Heading = block.level === 2 ? 'h2' : 'h3';
          return (
            <Heading key={index} className={block.level === 2 ? 'mt-4 text-2xl font-bold' : 'mt-2 text-xl font-semibold'}>
              <InlineParts content={block.content} />
            </Heading>
          );
        }
        if (block.kind === 'list') {
          return (
            <ul key={index} className="list-disc space-y-2 pl-6">
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <InlineParts content={item} />
                </li>
              ))}
            </ul>
          );
        }
        return (
          <p key={index}>
            <InlineParts content={block.content} />
          </p>
        );
      })}
    </div>
  );
}
