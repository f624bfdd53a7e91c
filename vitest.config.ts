import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/**/*.test.ts'],
    globalSetup: ['server/testing/global-setup.ts'],
    // The store's zod settings, as every entry of the store sets them (contract/zod-config.ts).
    setupFiles: ['server/testing/zod-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
