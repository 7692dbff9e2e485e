import { Link } from 'react-router';
import { notFoundHead } from '../../lib/page-head/page-head.ts';
import { useDocumentHead } from '../../lib/page-head/use-document-head.ts';

export function NotFoundPage() {
  useDocumentHead(notFoundHead);
  return (
    <section className="hero min-h-[60vh]">
      <div className="hero-content text-center">
        <div className="max-w-md">
          <p className="text-7xl font-black text-secondary">404</p>
          <h1 className="mt-4 text-3xl font-bold">Page not found</h1>
          <p className="py-4 text-base-content/70">The page you are looking for does not exist or has been moved.</p>
          <Link to="/home" className="btn btn-primary">
            Back to home
          </Link>
        </div>
      </div>
    </section>
  );
}
