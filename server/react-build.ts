import { createRequire } from 'node:module';

/** The packages that choose their build by NODE_ENV as they load, the page renderer's share. */
const REACT_ENTRIES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server'];

/**
 * Loads React's production build for the page renderer, whatever NODE_ENV says. NODE_ENV is the
 * store's own switch (production refuses the demo's shortcuts, docs/decisions/029), so the demo and
 * the benchmarks run with it unset; React read it too, and rendered every page with its development
 * build: half as fast again (a filtered category page 27 ms against 18 ms at the median) and
 * heavier, while the browser always ran the production build. React's entries pick their build
 * once, when first required, and every later import (React Router's, the renderer's) shares that
 * module; so they are required here, before any other code loads React, with NODE_ENV set to
 * production for that moment only. Tests that import the app directly keep the development build
 * and its warnings. docs/decisions/082.
 */
export function loadReactProductionBuild(): void {
  const require = createRequire(import.meta.url);
  if (require.resolve('react') in require.cache) return;
  const mode = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const entry of REACT_ENTRIES) require(entry);
  } finally {
    if (mode === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = mode;
  }
}
