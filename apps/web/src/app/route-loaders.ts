import type { QueryClient } from '@tanstack/react-query';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { reviewSummaryQueryOptions } from '../features/reviews/api/get-review-summary.ts';
import { newestReviewsQueryOptions } from '../features/reviews/api/get-reviews.ts';
import { storefrontToolsQueryOptions } from '../features/catalogue/api/get-tools.ts';
import { currentDeliveryPromotionQueryOptions } from '../features/content/api/get-delivery-promotion.ts';
import { toolQueryOptions } from '../entities/tool/api/get-tool.ts';
import { ApiRequestError } from '../lib/api-client.ts';
import { missingToolKey } from '../lib/query-keys.ts';
import type { DashboardPage } from './dashboard-data.ts';

/** What the server's render knows of the visitor's request, for the loaders that run there (entry-server.tsx). */
export interface ServerRequestContext {
  /** Whether the request carries a live session: asked only by login-only pages. */
  isSignedIn: () => Promise<boolean>;
}

export interface RouteOptions {
  queryClient: QueryClient;
  /**
   * The server renders a page with its data, so its loaders wait for it, and it sends a visitor
   * without a session away from login-only pages. In the browser a loader only starts the data,
   * alongside the page's code, into the query cache the page reads, and the page shows its own
   * loading state; who is signed in is the session's business there (route-guards/).
   */
  onServer: boolean;
}

export const notFound = () => data(null, { status: 404 });

/** The loaders the route table shares (routes.tsx): each fills the query cache the page reads. */
export function createLoaders({ queryClient, onServer }: RouteOptions) {
  /** A loader's data: awaited on the server, started in the browser (a failure there is the page's to show). */
  const started = async (loading: Promise<unknown>): Promise<null> => {
    if (onServer) await loading;
    else loading.catch(() => undefined);
    return null;
  };

  /** The home page's first screenful: the banner's delivery promotion, the first 6 tools, the newest reviews and their average. */
  const loadStorefront = () =>
    started(
      Promise.all([
        queryClient.prefetchInfiniteQuery(storefrontToolsQueryOptions),
        queryClient.prefetchInfiniteQuery(newestReviewsQueryOptions),
        queryClient.prefetchQuery(reviewSummaryQueryOptions),
        queryClient.prefetchQuery(currentDeliveryPromotionQueryOptions),
      ]),
    );

  /**
   * A tool is public: its request starts with the navigation, alongside the page's code, and its
   * picture (the page's largest element) is fetched as soon as its address is known. On the server,
   * a tool that does not exist makes the page a 404.
   */
  async function loadTool({ params }: LoaderFunctionArgs) {
    const toolId = params.toolId ?? '';
    // The server already found there is no such tool; the page it rendered says so.
    if (queryClient.getQueryData(missingToolKey(toolId)) === true) return notFound();
    const loading = queryClient.ensureQueryData(toolQueryOptions(toolId));
    if (!onServer) {
      // The page asks again and shows a failure itself.
      loading.then((tool) => void (new Image().src = tool.img), () => undefined);
      return null;
    }
    try {
      await loading;
      return null;
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
      // The page says so from this note; the failed query is not handed to the browser.
      queryClient.removeQueries({ queryKey: toolQueryOptions(toolId).queryKey });
      queryClient.setQueryData(missingToolKey(toolId), true);
      return notFound();
    }
  }

  /**
   * product.md, "Who may do what": a request for a login-only page without a session is sent to
   * /login by the server (303), with the way back, so a signed-out visitor never sees the page.
   */
  async function requireSession({ request, context }: LoaderFunctionArgs) {
    if (await (context as ServerRequestContext).isSignedIn()) return null;
    const { pathname, search } = new URL(request.url);
    throw redirect(`/login?${new URLSearchParams({ from: pathname + search })}`, 303);
  }

  /**
   * A dashboard page's data starts with the navigation, alongside the page's code, instead of once
   * that code has run; the page reads the same queries and shows its own loading state. The server
   * leaves the dashboard to the browser (its render has no session to ask with). Which query is a
   * page's, and the wait for the session, are in their own chunk, so the home page carries neither.
   */
  const loadDashboardPage =
    (page: DashboardPage) =>
    ({ request }: LoaderFunctionArgs) =>
      onServer
        ? null
        : started(
            import('./dashboard-data.ts').then(({ startDashboardPage }) =>
              startDashboardPage(page, { queryClient, search: new URL(request.url).searchParams }),
            ),
          );

  return { started, loadStorefront, loadTool, requireSession, loadDashboardPage };
}
