/**
 * What a customer typed at checkout besides the phone (the delivery address, their purchase order
 * number, a note), kept in this tab's sessionStorage under their account so that a reload of the
 * cart page does not lose it; forgotten once the order is placed. sessionStorage rather than
 * localStorage: an address typed on a shared computer goes when the tab does.
 */
export interface CheckoutDraft {
  address: string;
  poNumber: string;
  note: string;
}

export const CHECKOUT_DRAFT_FIELDS = ['address', 'poNumber', 'note'] as const;

/** Longer than any field the order takes: a stored text is cut there, never trusted further. */
const MAX_FIELD = 5_000;

/** One draft per account: another person signing in on this tab never sees it. */
export function checkoutDraftKey(userId: string): string {
  return `toolyard.checkout.${userId}`;
}

/** A stored draft read as untrusted input (anyone can edit the browser's storage); null if none. */
export function parseCheckoutDraft(text: string | null): CheckoutDraft | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const field = (name: keyof CheckoutDraft) => {
    const item = record[name];
    return typeof item === 'string' ? item.slice(0, MAX_FIELD) : '';
  };
  const draft = { address: field('address'), poNumber: field('poNumber'), note: field('note') };
  return Object.values(draft).some(Boolean) ? draft : null;
}

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage turned off: the details live as long as the page, as before.
    return null;
  }
}

export function readCheckoutDraft(key: string): CheckoutDraft | null {
  try {
    return parseCheckoutDraft(tabStorage()?.getItem(key) ?? null);
  } catch {
    return null;
  }
}

export function writeCheckoutDraft(key: string, draft: CheckoutDraft): void {
  try {
    if (Object.values(draft).some(Boolean)) tabStorage()?.setItem(key, JSON.stringify(draft));
    else tabStorage()?.removeItem(key);
  } catch {
    // Full or refused: nothing is lost but the copy.
  }
}

export function clearCheckoutDraft(key: string): void {
  try {
    tabStorage()?.removeItem(key);
  } catch {
    // Refused: there was nothing stored.
  }
}
