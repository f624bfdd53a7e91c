/**
 * A gate for work that keeps a core busy (a password hash, an image resize): at most `concurrency`
 * run at once, at most `queue` wait for a turn, and any more are refused at once with `refuse()`
 * (a 503 with Retry-After). A flood then costs at most `concurrency` cores and a short queue; the
 * rest of the store keeps its share of the machine.
 */
export interface GateLimits {
  concurrency: number;
  queue: number;
}

export function createWorkGate(limits: GateLimits, refuse: () => Error) {
  let active = 0;
  let peak = 0;
  let refused = 0;
  const waiting: Array<() => void> = [];

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (active >= limits.concurrency) {
        if (waiting.length >= limits.queue) {
          refused += 1;
          throw refuse();
        }
        // The slot is handed over by the task that finishes, so `active` never overshoots.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        active += 1;
      }
      peak = Math.max(peak, active);
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
    /** False when work asked for now would be refused: the caller can refuse before any work. */
    hasRoom: () => active < limits.concurrency || waiting.length < limits.queue,
    /** The caller refused work itself, having asked `hasRoom()`: counted with the gate's own. */
    noteRefused: () => {
      refused += 1;
    },
    /** For tests and metrics: work running, waiting, refused so far, and the most ever at once. */
    stats: () => ({ active, waiting: waiting.length, refused, peak }),
  };
}
