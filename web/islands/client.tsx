/**
 * The script of a page served as islands (decision 078): instead of React and React Router taking
 * the whole page over, each part marked as an island (web/islands/island.tsx) is hydrated on its
 * own with Preact, from the same components the app renders. Built apart from the app with React
 * and React Router swapped for Preact and web/islands/router.tsx (vite.config.ts, islandsBuild).
 */
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SessionCartProvider } from '#web/app/layouts/session-cart-provider.tsx';
import { SiteHeader } from '#web/app/layouts/site-header.tsx';
import { ToastRegion } from '#web/components/ui/toast.tsx';
import { HomeCarousel } from '#web/features/home/components/hero-carousel.tsx';
import { PageActivity } from '#web/lib/page-activity.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { stamped } from '#web/lib/query-state.ts';
import type { IslandName } from './island.tsx';
import { setHydrating } from './react.ts';

/** What each island renders: what the app renders in its place, with the providers it reads. */
const parts: Record<IslandName, () => ReactNode> = {
  'site-header': () => (
    <SessionCartProvider>
      <SiteHeader />
    </SessionCartProvider>
  ),
  'hero-carousel': () => <HomeCarousel />,
  'page-extras': () => (
    <>
      <PageActivity />
      <ToastRegion />
    </>
  ),
};

/** The page's answers from the server (root.tsx, IslandScripts), shared by every island. */
const queryClient = createQueryClient();
const state = document.getElementById('island-state')?.textContent;
if (state) hydrate(queryClient, stamped(JSON.parse(state), Date.now()));

setHydrating(true);
for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const Part = parts[element.dataset.island as IslandName] as (() => ReactNode) | undefined;
  if (!Part) continue;
  hydrateRoot(
    element,
    <QueryClientProvider client={queryClient}>
      <Part />
    </QueryClientProvider>,
  );
}
setHydrating(false);
