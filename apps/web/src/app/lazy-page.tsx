import { Suspense, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { LoadingSpinner } from '../components/loading-spinner.tsx';

// Shown while a page's code loads: the navbar and footer show at once and only the page's own place
// waits. The server renders the page itself (it waits for every lazy part), and the browser
// hydrates it when its code has arrived.
const pageLoading = <LoadingSpinner label="Loading the page" className="py-24" />;

/** How each lazy page element loads its code, for startPageCode. */
const loaderOfElement = new WeakMap<object, () => Promise<void>>();

/**
 * A page whose code is fetched the first time it is shown, so the home page does not carry it.
 * Unlike React's lazy, a page whose code is already here renders at once: React's lazy suspends on
 * its first render even then, and while the app takes over a server-rendered page (main.tsx) a part
 * still suspended when an update reaches it (the session's answer) is drawn anew, dropping the
 * server's fields and what the visitor had typed into them. Like React's lazy, code that failed to
 * load fails the page (its error boundary says so) until the next visit to the shop.
 */
export function lazyPage(load: () => Promise<ComponentType>): ReactElement {
  let Page: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<void> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (page) => void (Page = page),
      (error: unknown) => void (failure = { error }),
    ));
  function LazyPage() {
    if (Page) return <Page />;
    if (failure) throw failure.error;
    // Suspense shows the place held until the code is here, then renders again.
    throw loadOnce();
  }
  const element = (
    <Suspense fallback={pageLoading}>
      <LazyPage />
    </Suspense>
  );
  loaderOfElement.set(element, loadOnce);
  return element;
}

/**
 * Starts the code of every lazy part the route at `pathname` shows, guards and pages at once, and
 * answers when all of it is here (or failed: the page says so itself). React reaches a guarded page
 * only after its guard lets it through: a login-only page would otherwise begin to run its code (the
 * purchase form's zod schemas and messages) only once the session is known, instead of while it is
 * asked for. A module runs once however often it is imported.
 */
export async function startPageCode(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(({ route }) => {
      const load = route.element && typeof route.element === 'object' ? loaderOfElement.get(route.element) : undefined;
      return load?.();
    }),
  );
}
