import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * Loads the lazy modules of the routes matching `pathname` and puts them on the route objects, as react-router
 * asks before hydrating: a router that still has a lazy match renders nothing on its first pass, and React would
 * find the server's HTML unmatched.
 */
export async function resolveLazyMatches(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, module);
      route.lazy = undefined;
    }),
  );
}
