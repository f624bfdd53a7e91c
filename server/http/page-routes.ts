import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { IdSchema } from '../../contract/common.ts';

/**
 * Which addresses are no page, told from the web app's own route table (the build's, so always the
 * routes the renderer has) and, for a tool's page, from the catalogue: such an address is answered
 * with a 404 page rendered once (docs/decisions/031), never rendered afresh for each of the endless
 * addresses that are no page.
 */
export interface NotFoundPage {
  /** The key the prepared page is kept under, and the address it is rendered for. */
  key: string;
  path: string;
}

/** The page for any address the route table does not know (web/app/routes/not-found.tsx). */
const UNKNOWN_ADDRESS: NotFoundPage = { key: '404 unknown address', path: '/404' };
/** A tool's page for a tool there is not (a nil id: no tool has it). */
const UNKNOWN_TOOL: NotFoundPage = {
  key: '404 unknown tool',
  path: '/tools/00000000-0000-0000-0000-000000000000',
};

type ServerRoutes = ServerBuild['routes'];

function routeTree(routes: ServerRoutes, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route) =>
      route?.index
        ? { id: route.id, index: true, path: route.path }
        : {
            id: route?.id,
            path: route?.path,
            caseSensitive: route?.caseSensitive,
            children: routeTree(routes, route?.id),
          },
    );
}

export function createPageRoutes(
  routes: ServerRoutes,
  /** Whether a tool with this (valid) id is in the catalogue. */
  toolExists: (id: string) => Promise<boolean>,
) {
  const tree = routeTree(routes);
  return {
    /** The prepared 404 page for `pathname` when it is no page; undefined when it may be one. */
    async notFound(pathname: string): Promise<NotFoundPage | undefined> {
      const leaf = matchRoutes(tree, pathname)?.at(-1);
      if (!leaf || leaf.route.path === '*') return UNKNOWN_ADDRESS;
      if (leaf.route.id !== 'routes/tool') return undefined;
      const id = IdSchema.safeParse(leaf.params.id ?? '');
      return id.success && (await toolExists(id.data)) ? undefined : UNKNOWN_TOOL;
    },
  };
}
