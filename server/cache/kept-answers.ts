import { LRUCache } from 'lru-cache';

/** At most this share of the entries is protected: newer shared answers still get in. */
const PROTECTED_SHARE = 0.75;

/** What the store needs to know of each value it keeps. */
export interface Keepable {
  /** Bytes it stands for. */
  size: number;
  /** What it belongs to, so that `forget(group)` drops it with the rest. */
  group: string | undefined;
}

export interface KeptAnswersOptions {
  maxEntries: number;
  maxBytes: number;
  /**
   * Once this many different clients asked for a value it is protected: room is made by dropping
   * unprotected values first. Unset: one plain LRU.
   */
  protectAfterClients?: number;
}

export interface KeptAnswers<V extends Keepable> {
  /** The value for `key` without making it the most recently used. */
  peek(key: string): V | undefined;
  /** The value for `key`, made the most recently used, `client` counted among those who asked. */
  use(key: string, client: string | undefined): V | undefined;
  /** Keeps `value` as the most recently used, making room beyond the entries or bytes allowed. */
  set(key: string, value: V, client: string | undefined): void;
  /** Drops every value of `group`. */
  forget(group: string): void;
  clear(): void;
  readonly size: number;
}

/**
 * A bounded store of values, least recently used out first: lru-cache keeps the order, the count
 * and the bytes. What is ours on top: values grouped so that one change drops a group, and a
 * protected segment (decision 031), so that a client walking through endless addresses only ever
 * pushes out values no one else wanted. The two segments share one budget of entries and bytes:
 * room is made from the ordinary segment's least recently used first, and from the protected one
 * only when nothing else is left. A value moves to the protected segment once enough different
 * clients asked for it; when that segment is full, its least recently used becomes an ordinary
 * value again.
 */
export function createKeptAnswers<V extends Keepable>(options: KeptAnswersOptions): KeptAnswers<V> {
  const keysOf = new Map<string, Set<string>>();
  const clientsOf = new Map<string, Set<string>>();
  const unindex = (value: V, key: string) => {
    clientsOf.delete(key);
    if (value.group === undefined) return;
    const keys = keysOf.get(value.group);
    keys?.delete(key);
    if (keys?.size === 0) keysOf.delete(value.group);
  };
  const segment = (max: number) =>
    new LRUCache<string, V>({
      max,
      maxSize: options.maxBytes,
      sizeCalculation: (value) => Math.max(1, Math.ceil(value.size)),
      dispose: unindex,
    });
  const ordinary = segment(options.maxEntries);
  const needed = options.protectAfterClients;
  const protectedCap = Math.max(1, Math.floor(options.maxEntries * PROTECTED_SHARE));
  const shared = needed === undefined ? undefined : segment(protectedCap);

  const put = (store: LRUCache<string, V>, key: string, value: V) => {
    store.set(key, value);
    if (value.group === undefined || !store.has(key)) return;
    const keys = keysOf.get(value.group) ?? new Set<string>();
    keys.add(key);
    keysOf.set(value.group, keys);
  };

  const protect = (key: string, value: V) => {
    if (!shared) return;
    ordinary.delete(key);
    if (shared.size >= protectedCap) {
      // rkeys() begins with the least recently used.
      const demoted = shared.rkeys().next().value;
      const demotedValue = demoted === undefined ? undefined : shared.peek(demoted);
      if (demoted !== undefined && demotedValue) {
        shared.delete(demoted);
        put(ordinary, demoted, demotedValue);
      }
    }
    put(shared, key, value);
  };

  const noteClient = (key: string, value: V, client: string | undefined) => {
    if (needed === undefined || client === undefined || shared?.has(key)) return;
    const clients = clientsOf.get(key) ?? new Set<string>();
    clients.add(client);
    clientsOf.set(key, clients);
    if (clients.size >= needed) protect(key, value);
  };

  const makeRoom = () => {
    const bytes = () => ordinary.calculatedSize + (shared?.calculatedSize ?? 0);
    while (ordinary.size + (shared?.size ?? 0) > options.maxEntries || bytes() > options.maxBytes) {
      if (ordinary.size > 0) ordinary.pop();
      else if (shared && shared.size > 0) shared.pop();
      else break;
    }
  };

  const drop = (key: string) => {
    ordinary.delete(key);
    shared?.delete(key);
  };

  return {
    peek: (key) => shared?.peek(key) ?? ordinary.peek(key),
    use(key, client) {
      const value = shared?.get(key) ?? ordinary.get(key);
      if (value) noteClient(key, value, client);
      return value;
    },
    set(key, value, client) {
      drop(key);
      put(ordinary, key, value);
      noteClient(key, value, client);
      makeRoom();
    },
    forget(group) {
      for (const key of [...(keysOf.get(group) ?? [])]) drop(key);
    },
    clear() {
      ordinary.clear();
      shared?.clear();
      keysOf.clear();
      clientsOf.clear();
    },
    get size() {
      return ordinary.size + (shared?.size ?? 0);
    },
  };
}
