import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/**/*.test.ts'],
    globalSetup: ['server/testing/global-setup.ts'],
    pool: 'forks',
    // Most of a file's time is spent waiting (for PostgreSQL, a store process starting, the
    // hashing pool): two files per core keep the cores busy (docs/decisions/059). At most four:
    // each file's app may hold 20 connections of the test server's 200, two apps in some files.
    maxWorkers: Math.min(4, Math.max(2, availableParallelism() * 2)),
    // A worker keeps the modules it loaded for its next file instead of loading the app's whole
    // graph again for each (a third of the suite's time went to imports): every file builds its
    // own app on its own database, and a test that spies on something restores it
    // (docs/decisions/051).
    isolate: false,
    // A timeout only catches a test that hangs. These machines are shared and four files share two
    // cores, so a test's own time varies twofold and more from run to run: one of 16 s here passed
    // 30 s in a loaded run. Speed is watched by the suite's total and by the benchmarks instead.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
