import type { ReactNode } from 'react';

/** The parts of a page that run in the browser on their own (web/islands/client.tsx). */
export type IslandName =
  | 'site-header'
  | 'page-extras'
  | 'hero-carousel'
  | 'tool-page'
  | 'catalogue-search'
  | 'catalogue-filters'
  | 'catalogue-list';

/** What an island is rendered with: a few strings, sent in the page. */
export type IslandProps = Readonly<Record<string, string>>;

/**
 * A part of a page that works on its own in the browser. On a page that hydrates whole (any page
 * the app moved to, and the pages that need the whole app) it is a box that takes no room; on a
 * page served as islands (a route whose `handle` has `islands`, decision 078) only these parts
 * run, each hydrated by a small runtime of its own, and the rest stays the server's HTML. `props`
 * are what the island's part is rendered with in the browser (web/islands/client.tsx).
 */
export function Island({
  name,
  props,
  children,
}: {
  name: IslandName;
  props?: IslandProps;
  children: ReactNode;
}) {
  return (
    <div
      data-island={name}
      data-props={props ? JSON.stringify(props) : undefined}
      className="contents"
    >
      {children}
    </div>
  );
}
