/**
 * Who listens for changes of a value kept outside React, read with `useSyncExternalStore`:
 * `subscribe` is the hook's, `notify` tells every listener the value changed.
 */
export function createListeners() {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify(): void {
      for (const listener of listeners) listener();
    },
  };
}
