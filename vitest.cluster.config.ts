import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: three instances of the built store behind nginx on one PostgreSQL,
 * through a SIGKILL and a rolling restart (server/cluster, README "Behind a load balancer").
 */
export default defineConfig({
  test: {
    include: ['server/cluster/**/*.cluster.ts'],
    globalSetup: ['server/testing/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
