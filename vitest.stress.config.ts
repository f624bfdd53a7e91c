import { defineConfig } from 'vitest/config';

/**
 * The heavier proofs (`npm run test:stress`): oversell under load, crash safety, floods. One file at
 * a time: the floods judge answers by their time, which other files running beside them would skew.
 */
export default defineConfig({
  test: {
    include: ['server/stress/**/*.stress.ts'],
    globalSetup: ['server/testing/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
