import { vi } from 'vitest';

/**
 * Waits until `check` passes, trying again every 10 ms for at most `ms` (then fails with its last
 * error); resolves with how long that took.
 */
export async function within(ms: number, check: () => Promise<void> | void): Promise<number> {
  const started = performance.now();
  await vi.waitFor(check, { timeout: ms, interval: 10 });
  return performance.now() - started;
}
