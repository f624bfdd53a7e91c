/**
 * Runs `run` every `intervalMs`, never two at once (a tick while one runs is skipped), without
 * keeping the process alive. Returns a stop function that waits for a run under way.
 */
export function startPeriodicJob(
  run: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= run()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
