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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
