/**
 * The script of a page served as islands (decision 078): instead of React and React Router taking
 * the whole page over, each part marked as an island (web/islands/island.tsx) is hydrated on its
 * own with Preact, from the same components the app renders. Built apart from the app with React
 * and React Router swapped for Preact and web/islands/router.tsx (vite.config.ts, islandsBuild).
 */
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { formatCount } from '#contract/format.ts';
import { WHOLE_STYLESHEET_MARK } from '#contract/islands-loader.ts';
import type { CataloguePart } from '#web/app/layouts/catalogue-view.tsx';
import { SessionCartProvider } from '#web/app/layouts/session-cart-provider.tsx';
import { SiteHeader } from '#web/app/layouts/site-header.tsx';
import { ToastRegion } from '#web/components/ui/toast.tsx';
import { PageActivity, whileInFlight } from '#web/lib/page-activity.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { stamped } from '#web/lib/query-state.ts';
import type { IslandName, IslandProps } from './island.tsx';
import { IslandIdPrefix, setHydrating } from './react.ts';
import { ShareCart, SharedCart } from './shared-cart.tsx';

type Part = (props: IslandProps) => ReactNode;

/** One of the catalogue's parts (decision 081), of a category's when given its slug. */
async function catalogue(part: CataloguePart): Promise<Part> {
  const { CatalogueIsland } = await import('#web/app/layouts/catalogue-view.tsx');
  return ({ category }) => (
    <SharedCart>
      <CatalogueIsland part={part} slug={category} />
    </SharedCart>
  );
}

/**
 * What each island renders: what the app renders in its place, with the providers it reads. The
 * frame's parts (on every page) come with this script; a page's own part, the home page's
 * carousel included, loads when the page has it (the page says it is busy meanwhile:
 * web/lib/page-activity.tsx).
 */
const parts: Record<IslandName, () => Part | Promise<Part>> = {
  'site-header': () => () => (
    <SessionCartProvider>
      <ShareCart />
      <SiteHeader />
    </SessionCartProvider>
  ),
  'page-extras': () => () => (
    <>
      <PageActivity />
      <ToastRegion />
    </>
  ),
  'hero-carousel': async () => {
    const { HomeCarousel } = await import('#web/features/home/components/hero-carousel.tsx');
    return () => <HomeCarousel />;
  },
  'catalogue-search': () => catalogue('catalogue-search'),
  'catalogue-filters': () => catalogue('catalogue-filters'),
  'catalogue-list': () => catalogue('catalogue-list'),
  'tool-page': async () => {
    const { ToolPage } = await import('#web/app/tool-page.tsx');
    return ({ id = '' }) => (
      <SharedCart>
        <ToolPage id={id} />
      </SharedCart>
    );
  },
};

/** The page's answers from the server (root.tsx, PageScripts), shared by every island. */
const queryClient = createQueryClient();
const state = document.getElementById('island-state')?.textContent;
if (state) hydrate(queryClient, stamped(JSON.parse(state), Date.now()));

/**
 * Hydrates one island. Each has its own prefix for the ids it makes (Preact numbers them per
 * root), and a fault in one is reported and leaves the others running.
 */
function hydrateIsland(element: HTMLElement, part: Part, props: IslandProps, index: number): void {
  setHydrating(true);
  try {
    hydrateRoot(
      element,
      <IslandIdPrefix value={`i${index}-`}>
        <QueryClientProvider client={queryClient}>{part(props)}</QueryClientProvider>
      </IslandIdPrefix>,
    );
  } catch (error) {
    console.error(`The ${element.dataset.island} part of the page could not start.`, error);
  } finally {
    setHydrating(false);
  }
}

/** Each island of the page with its part; a page's own part starts loading at once. */
const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')].flatMap((element) => {
  const load = parts[element.dataset.island as IslandName] as
    | (() => Part | Promise<Part>)
    | undefined;
  if (!load) return [];
  const props = JSON.parse(element.dataset.props ?? '{}') as IslandProps;
  return [{ element, props, part: load() }];
});

/**
 * Lets the browser take its turn (a tap, a paint) between two pieces of the islands' work: each
 * island hydrates in a task of its own, not all in the one that evaluated this script.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The whole stylesheet, asked for by the loader with this script (contract/islands-loader.ts):
 * the page came with only the rules its HTML uses, and what an island draws once it runs (a
 * spinner, a dialog, a notice) may need others. Waited for, 3 s at most, before any island
 * hydrates; it is smaller than this script, so it has mostly arrived already.
 */
function wholeStylesheet(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>(`link[${WHOLE_STYLESHEET_MARK}]`);
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    setTimeout(done, 3_000);
  });
}

// The page has painted before this script was asked for (root.tsx, islandsLoader). The frame's
// parts first, each in a task of its own.
const framed = (async () => {
  await wholeStylesheet();
  for (const [index, { element, props, part }] of islands.entries()) {
    if (part instanceof Promise) continue;
    await nextTask();
    hydrateIsland(element, part, props, index);
  }
  // The first number a page formats costs the browser most of its formatting (its locale data):
  // about 50 ms at a phone's speed, paid here in a task of its own rather than inside the page's
  // part, which formats counts and prices while it hydrates.
  await nextTask();
  formatCount(0);
})();

// The page's own parts when their code arrives, one after another in the page's order, each in a
// task of its own; the page says it is busy until each has hydrated.
let pageParts = framed;
for (const [index, { element, props, part }] of islands.entries()) {
  if (!(part instanceof Promise)) continue;
  // A part whose code did not arrive (the visitor already on the way to another page, or
  // offline) stays the server's HTML: its links work, and its controls say they are not ready
  // (web/lib/use-hydrated.ts) rather than ignore a click.
  const loaded = part.catch(() => undefined);
  const after = pageParts;
  pageParts = whileInFlight(async () => {
    await after;
    const ready = await loaded;
    if (!ready) return;
    await nextTask();
    hydrateIsland(element, ready, props, index);
  });
}
