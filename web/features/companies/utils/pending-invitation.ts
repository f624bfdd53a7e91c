/**
 * An invitation opened by someone without an account yet, kept in this browser while they sign
 * up: the page that confirms their email (opened from the email, in another tab) then offers the
 * invitation again instead of leaving them to find its link. Only the invitation's token is kept,
 * never a page address, so what the browser's storage says (anyone can edit it) can only ever lead
 * to the invitation page; it is forgotten once the invitation is shown to someone signed in, and
 * after a day (a confirmation link's life).
 */
const KEY = 'toolyard.pending-invitation';
const LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The invitation links' tokens: base64url, nothing else. */
const TOKEN = /^[\w-]{16,200}$/;

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage turned off: the invitee opens the link again, as the page says.
    return null;
  }
}

export function rememberInvitation(token: string, now = Date.now()): void {
  if (!TOKEN.test(token)) return;
  try {
    browserStorage()?.setItem(KEY, JSON.stringify({ token, at: now }));
  } catch {
    // Full or refused: nothing is lost but the shortcut.
  }
}

/** The token of an invitation opened in this browser within the day, or null. */
export function pendingInvitation(now = Date.now()): string | null {
  let value: unknown;
  try {
    value = JSON.parse(browserStorage()?.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { token, at } = value as Record<string, unknown>;
  if (typeof token !== 'string' || !TOKEN.test(token)) return null;
  if (typeof at !== 'number' || !(now - at >= 0 && now - at < LIFETIME_MS)) return null;
  return token;
}

export function forgetInvitation(): void {
  try {
    browserStorage()?.removeItem(KEY);
  } catch {
    // Nothing to do.
  }
}
