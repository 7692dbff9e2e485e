import { ErrorAlert } from '../../components/error-alert.tsx';

/**
 * React Router's error boundary for a page whose code could not be fetched (a new release removed
 * it) or that failed to render: it stands in for the page, so the navbar and footer stay usable.
 * Moving to another page tries again.
 */
export function PageError() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <ErrorAlert message="This page could not be shown. Reload the page to try again." />
    </section>
  );
}
