import table from 'virtual:api-routes';
import type { apiRoutes as contractRoutes } from '#contract/routes.ts';
import type { AnyRoute, ApiRoute } from './api-client.ts';

type RouteTable<T> = {
  readonly [G in keyof T]: {
    readonly [R in keyof T[G]]: T[G][R] extends AnyRoute ? ApiRoute<T[G][R]> : never;
  };
};

/**
 * Every API route, for `callApi`: the contract's table (contract/routes.ts) reduced at build time
 * to methods and paths (vite.config.ts), typed with the contract's schemas. Calling the API this
 * way keeps zod out of the first page; forms import the schemas they validate with.
 */
export const apiRoutes = table as unknown as RouteTable<typeof contractRoutes>;
