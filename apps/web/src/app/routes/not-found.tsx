import { NotFoundNotice } from '../../components/not-found-notice.tsx';
import { notFoundHead } from '../../lib/page-head/page-head.ts';
import { useDocumentHead } from '../../lib/page-head/use-document-head.ts';

export function NotFoundPage() {
  useDocumentHead(notFoundHead);
  return <NotFoundNotice heading="Page not found" text="The page you are looking for does not exist or has been moved." />;
}
