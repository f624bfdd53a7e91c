import { createRequire } from 'node:module';
import path from 'node:path';

/** The packages that choose their build by NODE_ENV as they load, the page renderer's share. */
const REACT_ENTRIES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server'];

/**
 * Loads React's production build for the page renderer, whatever NODE_ENV says. NODE_ENV is the
 * store's own switch (production refuses the demo's shortcuts, docs/decisions/029), so the demo and
 * the benchmarks run with it unset; React read it too, and rendered every page with its development
 * build: a third slower (a filtered category page 23 to 25 ms against 18 ms at the median) and
 * heavier, while the browser always ran the production build. React's entries pick their build
 * once, when first required, and every later import (React Router's, the renderer's) shares that
 * module; so they are required here, before any other code loads React, with NODE_ENV set to
 * production for that moment only. Tests that import the app directly keep the development build
 * and its warnings. Says whether the production build is the one loaded: not if React was
 * loaded before (by something `main.ts` imports), when it cannot be changed. docs/decisions/082.
 */
export function loadReactProductionBuild(): boolean {
  const require = createRequire(import.meta.url);
  const isLoaded = (file: string) => require.cache[file]?.loaded === true;
  const react = require.resolve('react');
  if (!isLoaded(react)) {
    const mode = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      for (const entry of REACT_ENTRIES) require(entry);
    } finally {
      if (mode === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = mode;
    }
  }
  return isLoaded(path.join(path.dirname(react), 'cjs', 'react.production.js'));
}
