import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Which source module each lazy page element loads, so the server can name a route's code in the
 * HTML it sends (`<link rel="modulepreload">`) instead of the browser finding it only after the
 * entry script has run. Filled in by the server build only: vite.config.ts (pageModules) wraps every
 * lazyPage call of routes.tsx in markPageModule with the path of the module it imports, as the build
 * manifest names it, so the browser's bundle carries none of this.
 */
const moduleOfElement = new WeakMap<object, string>();

/** @public Imported only by the code vite.config.ts writes into routes.tsx, which knip does not see. */
export function markPageModule<Element extends object>(moduleId: string, element: Element): Element {
  moduleOfElement.set(element, moduleId);
  return element;
}

/** The lazy modules the route at `pathname` shows, outermost first (guards before their pages). */
export function pageModulesOf(routes: RouteObject[], pathname: string): string[] {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.flatMap(({ route }) => {
    const moduleId = route.element && typeof route.element === 'object' ? moduleOfElement.get(route.element) : undefined;
    return moduleId ? [moduleId] : [];
  });
}
