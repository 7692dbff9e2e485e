import type { BlogAnswer } from '../blog-answers.ts';

/** Shows `text between backticks` as inline code, the rest as plain text. */
function Paragraph({ text }: { text: string }) {
  const parts = text.split('`');
  return (
    <p>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="rounded bg-base-200 px-1 py-0.5 font-mono text-[0.9em] wrap-anywhere">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </p>
  );
}

export function BlogCard({ answer }: { answer: BlogAnswer }) {
  const headingId = `blog-${answer.id}`;
  return (
    <article aria-labelledby={headingId} className="card min-w-0 border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <span className="badge badge-primary badge-sm font-semibold">{answer.topic}</span>
        <h2 id={headingId} className="card-title text-xl leading-snug">
          {answer.question}
        </h2>
        <div className="space-y-3 text-base leading-relaxed text-base-content/80 wrap-break-word">
          {answer.paragraphs.map((paragraph) => (
            <Paragraph key={paragraph} text={paragraph} />
          ))}
        </div>
      </div>
    </article>
  );
}
