import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/**/*.test.ts'],
    globalSetup: ['server/testing/global-setup.ts'],
    pool: 'forks',
    // Vitest's default (one core less than the machine has) runs one file at a time on two
    // cores, while most of a file's time is spent waiting for PostgreSQL and the hashing pool:
    // two files at once keep both cores busy (docs/decisions/036).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker keeps the modules it loaded for its next file instead of loading the app's whole
    // graph again for each (a third of the suite's time went to imports): every file builds its
    // own app on its own database, and a test that spies on something restores it
    // (docs/decisions/051).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
