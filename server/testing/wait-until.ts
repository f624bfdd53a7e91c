/**
 * Asks `condition` every `intervalMs` until it holds or `timeoutMs` have passed; resolves with
 * whether it held. For code that runs outside a test (starting and stopping the store for the
 * browser journeys), where neither vi.waitFor nor Playwright's expect.poll is at hand.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  { timeoutMs, intervalMs = 100 }: { timeoutMs: number; intervalMs?: number },
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
