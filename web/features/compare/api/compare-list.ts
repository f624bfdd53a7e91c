import { useSyncExternalStore } from 'react';
import { comparedIds, MAX_COMPARED } from '#contract/compare.ts';

/**
 * The tools a buyer picked to compare, kept in the browser (localStorage) across pages; at most
 * four. What is stored is read as untrusted input: ids only, each once, four at most.
 */
const STORAGE_KEY = 'toolyard.compare';
const EMPTY: readonly string[] = Object.freeze([]);

const listeners = new Set<() => void>();
let cached: { text: string | null; ids: readonly string[] } = { text: null, ids: EMPTY };
let memory: string | null = null;
let isMemoryOnly = false;

function storedText(): string | null {
  if (isMemoryOnly) return memory;
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    isMemoryOnly = true;
    return memory;
  }
}

function read(): readonly string[] {
  const text = storedText();
  if (text === cached.text) return cached.ids;
  let ids: readonly string[] = EMPTY;
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    ids = Array.isArray(parsed) ? comparedIds(parsed) : EMPTY;
  } catch {
    ids = EMPTY;
  }
  cached = { text, ids };
  return ids;
}

function write(ids: readonly string[]): void {
  const text = ids.length === 0 ? null : JSON.stringify(ids);
  memory = text;
  try {
    if (text === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, text);
  } catch {
    isMemoryOnly = true;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The picked tools' ids (none in the server's HTML), and how to change them. */
export function useCompareList() {
  const ids = useSyncExternalStore(subscribe, read, () => EMPTY);
  return {
    ids,
    isFull: ids.length >= MAX_COMPARED,
    add: (id: string) => {
      const now = read();
      if (!now.includes(id) && now.length < MAX_COMPARED) write([...now, id]);
    },
    remove: (id: string) => write(read().filter((kept) => kept !== id)),
    clear: () => write([]),
  };
}
