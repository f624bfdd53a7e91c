import { useSyncExternalStore } from 'react';

/**
 * A list kept in the browser (localStorage) under one key, read as untrusted input: whatever is
 * stored goes through `parse`, and what is not a list item is dropped there. The same snapshot
 * until the stored text changes (useSyncExternalStore needs that); another tab's change is heard;
 * where the browser refuses to store (storage off, or full) the list lives in memory for the
 * page's life. Empty in the server's HTML, which cannot see the browser's storage.
 */
export interface StoredList<T> {
  read(): readonly T[];
  write(items: readonly T[]): void;
  /** The list in a component, kept current. */
  use(): readonly T[];
}

export function createStoredList<T>(
  key: string,
  parse: (value: unknown) => readonly T[],
): StoredList<T> {
  const empty: readonly T[] = Object.freeze([]);
  const listeners = new Set<() => void>();
  let cached: { text: string | null; items: readonly T[] } = { text: null, items: empty };
  let memory: string | null = null;
  let isMemoryOnly = false;

  const storedText = (): string | null => {
    if (isMemoryOnly) return memory;
    try {
      return window.localStorage.getItem(key);
    } catch {
      isMemoryOnly = true;
      return memory;
    }
  };

  const read = (): readonly T[] => {
    const text = storedText();
    if (text === cached.text) return cached.items;
    let items: readonly T[] = empty;
    try {
      items = text ? parse(JSON.parse(text)) : empty;
    } catch {
      items = empty;
    }
    cached = { text, items: items.length === 0 ? empty : items };
    return cached.items;
  };

  const write = (items: readonly T[]): void => {
    const text = items.length === 0 ? null : JSON.stringify(items);
    memory = text;
    try {
      if (text === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, text);
    } catch {
      isMemoryOnly = true;
    }
    for (const listener of listeners) listener();
  };

  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };

  return {
    read,
    write,
    use: () => useSyncExternalStore(subscribe, read, () => empty),
  };
}
