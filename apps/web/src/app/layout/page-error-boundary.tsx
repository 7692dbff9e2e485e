import { Component, type ReactNode } from 'react';
import { ErrorAlert } from '../../components/error-alert.tsx';

interface PageErrorBoundaryProps {
  /** The page's address: moving to another page tries again. */
  pathname: string;
  children: ReactNode;
}

interface PageErrorBoundaryState {
  failed: boolean;
  pathname: string;
}

/**
 * Stands in for a page whose code could not be fetched (a new release removed it) or that failed to
 * render, so the navbar and footer stay usable. The data router's default error page did this
 * before the shop moved to the declarative router (docs/decisions/005-declarative-routing.md).
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  state: PageErrorBoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<PageErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: PageErrorBoundaryProps, state: PageErrorBoundaryState): Partial<PageErrorBoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="mx-auto max-w-xl px-4 py-20">
        <ErrorAlert message="This page could not be shown. Reload the page to try again." />
      </section>
    );
  }
}
