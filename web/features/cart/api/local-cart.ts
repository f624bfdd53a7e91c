import { useSyncExternalStore } from 'react';
import { type CartLineInput, parseLines } from '../utils/cart-lines.ts';

/**
 * A visitor's cart, kept in the browser (localStorage) until they sign in, when it joins their
 * cart on the server. What is stored is read as untrusted input (see parseLines).
 */
const STORAGE_KEY = 'toolyard.cart';
const EMPTY: readonly CartLineInput[] = Object.freeze([]);

const listeners = new Set<() => void>();
/** The last text read and its lines: the same snapshot until the stored text changes. */
let cached: { text: string | null; lines: readonly CartLineInput[] } = { text: null, lines: EMPTY };
/** Where lines go once the browser refuses to store them (storage off, or full). */
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

export function readLocalLines(): readonly CartLineInput[] {
  const text = storedText();
  if (text === cached.text) return cached.lines;
  let lines: readonly CartLineInput[] = EMPTY;
  try {
    lines = text ? parseLines(JSON.parse(text)) : EMPTY;
  } catch {
    lines = EMPTY;
  }
  cached = { text, lines: lines.length === 0 ? EMPTY : lines };
  return cached.lines;
}

export function writeLocalLines(lines: readonly CartLineInput[]): void {
  const text = lines.length === 0 ? null : JSON.stringify(lines);
  memory = text;
  try {
    if (text === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, text);
  } catch {
    // Kept in memory for this page's life instead.
    isMemoryOnly = true;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the cart.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The browser's cart; empty in the server's HTML (the server cannot see it) and until hydrated. */
export function useLocalLines(): readonly CartLineInput[] {
  return useSyncExternalStore(subscribe, readLocalLines, () => EMPTY);
}
