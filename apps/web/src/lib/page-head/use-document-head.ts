import { useEffect } from 'react';
import type { PageHead } from './page-head.ts';

/**
 * Keeps the tab's title and the meta description those of the page shown, when the visitor moves
 * between pages in the browser (the server wrote them for the first page already).
 */
export function useDocumentHead({ title, description }: Pick<PageHead, 'title' | 'description'>): void {
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
