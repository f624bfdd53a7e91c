import { defineConfig } from 'vitest/config';

/** The heavier proofs (`npm run test:stress`): oversell under load, crash safety. */
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
