import { LRUCache } from 'lru-cache';
import type { SessionUser } from '../http/session.ts';

/** Also raised by triggers on `session` and `user` (migration 0017) for every change. */
export const SESSIONS_CHANNEL = 'toolyard_sessions';

export interface SessionCacheOptions {
  /** How many sessions are kept (the oldest go first). */
  maxEntries?: number;
  /** How long a kept check is trusted at most, should a change ever go unheard. */
  maxAgeMs?: number;
  now?: () => number;
}

interface Entry {
  user: SessionUser;
  /** When the session itself ends. */
  expiresAt: number;
  /** When the check was made. */
  checkedAt: number;
}

export interface SessionCache {
  /** The user of a session checked lately, or undefined: ask the session store. */
  get(token: string): SessionUser | undefined;
  /**
   * Call before asking the session store; hand what it answers to `keep` with this mark. An answer
   * is kept only when nothing changed meanwhile (it may predate the change).
   */
  mark(): number;
  keep(mark: number, token: string, user: SessionUser, expiresAt: Date): void;
  /**
   * This user's sessions or account changed: their next requests ask the session store. Undefined
   * (a user not known here): nothing is forgotten, but no check being read now is kept.
   */
  forgetUser(userId: string | undefined): void;
  forgetAll(): void;
  /** What the change feed heard on SESSIONS_CHANNEL: "user=<id>" or "all". */
  heard(text: string): void;
  /** Only while changes can be heard is anything kept (see ChangeFeed). */
  setEnabled(isEnabled: boolean): void;
  readonly size: number;
  /** For metrics: sessions found here, and those checked against the database. */
  stats(): { hits: number; misses: number };
}

/**
 * The users of sessions checked lately, by session cookie, so that a signed-in request needs no
 * database round trip or signature check. Only cookies the session store accepted are kept, so a
 * forged one never matches; every instance forgets a user as soon as a sign-out, a revoked
 * session, a role change or any other change to them commits (the triggers of migration 0017,
 * heard through the change feed), and this instance forgets at once what it changed itself.
 * docs/decisions/020 says why this is safe.
 */
export function createSessionCache(options: SessionCacheOptions = {}): SessionCache {
  const maxEntries = options.maxEntries ?? 10_000;
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const now = options.now ?? Date.now;
  const tokensOf = new Map<string, Set<string>>();
  // The least recently used go first; what leaves, for whatever reason, leaves its user's index.
  const entries = new LRUCache<string, Entry>({
    max: maxEntries,
    dispose: (entry, token) => {
      const tokens = tokensOf.get(entry.user.id);
      tokens?.delete(token);
      if (tokens?.size === 0) tokensOf.delete(entry.user.id);
    },
  });
  let isEnabled = false;
  /** Moves on every change heard: an answer read across a change is not kept. */
  let generation = 0;
  let hits = 0;
  let misses = 0;

  const forgetUser = (userId: string | undefined) => {
    generation += 1;
    if (userId === undefined) return;
    for (const token of [...(tokensOf.get(userId) ?? [])]) entries.delete(token);
  };

  const forgetAll = () => {
    generation += 1;
    entries.clear();
    tokensOf.clear();
  };

  return {
    get(token) {
      const entry = isEnabled ? entries.get(token) : undefined;
      const at = now();
      // The age is checked here, not by lru-cache's TTL: a check is stale the moment its session
      // ends or it is maxAgeMs old, whichever comes first.
      if (entry && (at >= entry.expiresAt || at - entry.checkedAt >= maxAgeMs)) {
        entries.delete(token);
      } else if (entry) {
        hits += 1;
        return entry.user;
      }
      misses += 1;
      return undefined;
    },
    mark: () => generation,
    keep(mark, token, user, expiresAt) {
      if (!isEnabled || mark !== generation) return;
      entries.delete(token);
      entries.set(token, { user, expiresAt: expiresAt.getTime(), checkedAt: now() });
      const tokens = tokensOf.get(user.id) ?? new Set<string>();
      tokens.add(token);
      tokensOf.set(user.id, tokens);
    },
    forgetUser,
    forgetAll,
    heard(text) {
      if (text.startsWith('user=')) forgetUser(text.slice('user='.length));
      else forgetAll();
    },
    setEnabled(value) {
      isEnabled = value;
      forgetAll();
    },
    get size() {
      return entries.size;
    },
    stats: () => ({ hits, misses }),
  };
}

/**
 * The value of the session cookie named `name` (sessionCookieName: one name, no other spelling),
 * as the key of its cached check; undefined when there is none, or more than one (which of them
 * the session store would read is its own business).
 */
export function sessionCookieValue(
  cookieHeader: string | undefined,
  name: string,
): string | undefined {
  if (!cookieHeader?.includes(name)) return undefined;
  let found: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim();
    if (key !== name) continue;
    if (found !== undefined) return undefined;
    found = part.slice(eq + 1).trim();
  }
  return found || undefined;
}
