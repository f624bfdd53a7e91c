import type { ReactNode } from 'react';

/** The parts of a page that run in the browser on their own (web/islands/client.tsx). */
export type IslandName = 'site-header' | 'page-extras' | 'hero-carousel';

/**
 * A part of a page that works on its own in the browser. On a page that hydrates whole (any page
 * the app moved to, and the pages that need the whole app) it is a box that takes no room; on a
 * page served as islands (a route whose `handle` says `islands: true`, decision 078) only these
 * parts run, each hydrated by a small runtime of its own, and the rest stays the server's HTML.
 */
export function Island({ name, children }: { name: IslandName; children: ReactNode }) {
  return (
    <div data-island={name} className="contents">
      {children}
    </div>
  );
}
