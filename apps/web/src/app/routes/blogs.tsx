import { useDocumentHead } from '../../lib/page-head/use-document-head.ts';
import { blogAnswers } from '../../features/content/blog-answers.ts';
import { BlogCard } from '../../features/content/components/blog-card.tsx';
import { blogsPageHead } from './blogs-head.ts';

export function BlogsPage() {
  useDocumentHead(blogsPageHead);
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight">Blogs</h1>
        <p className="mt-4 text-lg text-base-content/70">
          Questions we were asked while building the Voltline shop with React and Node.js, answered for developers who
          want to build something similar.
        </p>
      </header>
      <div className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2">
        {blogAnswers.map((answer) => (
          <BlogCard key={answer.id} answer={answer} />
        ))}
      </div>
    </section>
  );
}
