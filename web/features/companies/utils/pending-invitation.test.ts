import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetInvitation, pendingInvitation, rememberInvitation } from './pending-invitation.ts';

/** The browser's localStorage, as a map: what the page and anyone editing it can write. */
function fakeStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const TOKEN = 'Qm9hcmQtb2YtdGhlLWNvbXBhbnktaW52aXRhdGlvbi0x';
const KEY = 'toolyard.pending-invitation';
let storage: ReturnType<typeof fakeStorage>;

beforeEach(() => {
  storage = fakeStorage();
  vi.stubGlobal('window', { localStorage: storage });
});
afterEach(() => vi.unstubAllGlobals());

describe('an invitation opened before signing up', () => {
  it('is offered again within the day, and no more once forgotten', () => {
    const now = Date.UTC(2026, 10, 29, 12);
    rememberInvitation(TOKEN, now);
    expect(pendingInvitation(now + 60_000)).toBe(TOKEN);
    expect(pendingInvitation(now + 24 * 60 * 60 * 1000)).toBeNull();
    forgetInvitation();
    expect(pendingInvitation(now + 60_000)).toBeNull();
  });

  it('reads what the storage says as untrusted: only a token, never a page address', () => {
    const now = Date.UTC(2026, 10, 29, 12);
    for (const stored of [
      '{not json',
      'null',
      '[1]',
      JSON.stringify({ token: '//evil.example/join', at: now }),
      JSON.stringify({ token: '/dashboard?x=1', at: now }),
      JSON.stringify({ token: 'short', at: now }),
      JSON.stringify({ token: TOKEN, at: String(now) }),
      JSON.stringify({ token: TOKEN, at: now + 60_000 }),
      JSON.stringify({ token: 42, at: now }),
    ]) {
      storage.items.set(KEY, stored);
      expect(pendingInvitation(now), stored).toBeNull();
    }
    storage.items.clear();
    rememberInvitation('../../admin', now);
    expect(storage.items.has(KEY)).toBe(false);
  });

  it('is only a shortcut: storage turned off loses nothing else', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('SecurityError');
      },
    });
    expect(() => rememberInvitation(TOKEN)).not.toThrow();
    expect(pendingInvitation()).toBeNull();
    expect(() => forgetInvitation()).not.toThrow();
  });
});
