import { matchPath, type ServerBuild } from 'react-router';
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
/** A category's page for a category there is not (no slug has a double dash). */
const UNKNOWN_CATEGORY: NotFoundPage = {
  key: '404 unknown category',
  path: '/categories/no--such',
};

type ServerRoutes = ServerBuild['routes'];
type ServerRoute = NonNullable<ServerRoutes[string]>;

/** One address pattern of the route table: the route it ends at and its whole path. */
interface Branch {
  id: string;
  pattern: string;
  caseSensitive: boolean;
  isSplat: boolean;
  score: number;
}

const isSplat = (segment: string) => segment === '*';

/**
 * How specific a pattern is, as React Router ranks its branches (`computeScore` in react-router's
 * `matchRoutes`): more segments, static before dynamic before splat, an index route first.
 */
function scoreOf(pattern: string, isIndex: boolean): number {
  const segments = pattern.split('/');
  let score = segments.length + (segments.some(isSplat) ? -2 : 0) + (isIndex ? 2 : 0);
  for (const segment of segments) {
    if (isSplat(segment)) continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

const joinPaths = (parent: string, path: string) => `${parent}/${path}`.replace(/\/\/+/g, '/');

/**
 * Every branch of the route table, children before their parent as React Router lists them, each
 * route's path joined to its parents'. Routes without a path (layouts) add nothing of their own.
 */
function branchesOf(routes: ServerRoute[], parentId: string | undefined, parentPath: string) {
  const branches: Branch[] = [];
  for (const route of routes) {
    if (route.parentId !== parentId) continue;
    const pattern = joinPaths(parentPath, route.path ?? '');
    branches.push(...branchesOf(routes, route.id, pattern));
    if (route.path === undefined && !route.index) continue;
    branches.push({
      id: route.id,
      pattern,
      caseSensitive: route.caseSensitive === true,
      isSplat: route.path === '*',
      score: scoreOf(pattern, route.index === true),
    });
  }
  return branches;
}

/**
 * The route table's branches, flattened and ranked once per build: matching an address is then
 * one pass over some thirty patterns (matchRoutes flattens and ranks the whole tree on each call,
 * which was most of the cost of answering an address that is no page).
 */
export function rankedBranches(routes: ServerRoutes): Branch[] {
  const all = Object.values(routes).filter((route) => route !== undefined);
  // A stable sort: equal scores keep React Router's order.
  return branchesOf(all, undefined, '/').sort((a, b) => b.score - a.score);
}

export function createPageRoutes(
  routes: ServerRoutes,
  /** Whether a tool with this (valid) id is in the catalogue. */
  toolExists: (id: string) => Promise<boolean>,
  /** Whether a category has this slug. */
  categoryExists: (slug: string) => Promise<boolean>,
) {
  const branches = rankedBranches(routes);
  const leafOf = (pathname: string) => {
    for (const branch of branches) {
      const match = matchPath(
        { path: branch.pattern, caseSensitive: branch.caseSensitive, end: true },
        pathname,
      );
      if (match) return { branch, params: match.params };
    }
    return undefined;
  };
  return {
    /** The prepared 404 page for `pathname` when it is no page; undefined when it may be one. */
    async notFound(pathname: string): Promise<NotFoundPage | undefined> {
      const leaf = leafOf(pathname);
      if (!leaf || leaf.branch.isSplat) return UNKNOWN_ADDRESS;
      if (leaf.branch.id === 'routes/category') {
        return (await categoryExists(leaf.params.slug ?? '')) ? undefined : UNKNOWN_CATEGORY;
      }
      if (leaf.branch.id !== 'routes/tool') return undefined;
      const id = IdSchema.safeParse(leaf.params.id ?? '');
      return id.success && (await toolExists(id.data)) ? undefined : UNKNOWN_TOOL;
    },
  };
}
