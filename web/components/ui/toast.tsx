import { useEffect, useState, useSyncExternalStore } from 'react';
import { createListeners } from '#web/lib/listeners.ts';
import { CloseIcon } from './close-icon.tsx';

type Tone = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  tone: Tone;
  message: string;
  /** When it showed (Date.now()). */
  shownAt: number;
}
interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

/** Toasts close by themselves after this long. */
const TOAST_DURATION_MS = 5000;

const toneClasses: Record<Tone, string> = {
  success: 'border-l-emerald-600',
  error: 'border-l-red-600',
  info: 'border-l-navy-600',
};
const toneLabels: Record<Tone, string> = { success: 'Done', error: 'Error', info: 'Note' };

/**
 * Notifications sit at the top of the window, over the site header (not over the page's content
 * when it is scrolled to the top). While they show, their height is the page's top scroll padding
 * (the `--toast-space` variable, used in app.css): focus moved to a result or a field, and anything
 * scrolled into view, lands below them.
 */
function useReservedSpace(stack: HTMLElement | null): void {
  useEffect(() => {
    if (!stack) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = stack.offsetHeight;
      if (height > 0) root.style.setProperty('--toast-space', `${height}px`);
      else root.style.removeProperty('--toast-space');
    });
    observer.observe(stack);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toast-space');
    };
  }, [stack]);
}

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const changes = createListeners();
const NO_TOASTS: readonly ToastItem[] = Object.freeze([]);

function setToasts(next: readonly ToastItem[]): void {
  toasts = next;
  changes.notify();
}

function dismiss(id: number): void {
  setToasts(toasts.filter((toast) => toast.id !== id));
}

/** `shownAt`: when it first showed, on this page or one before (a carried toast keeps it). */
function show(tone: Tone, message: string, shownAt = Date.now()): void {
  const id = nextId++;
  // Two at most: they must fit over the header.
  setToasts([...toasts.slice(-1), { id, tone, message, shownAt }]);
  window.setTimeout(() => dismiss(id), TOAST_DURATION_MS);
}

/** Toasts still showing when the page goes, for the next page of this tab to show. */
const CARRIED_KEY = 'toolyard.toasts';
/** A carried toast older than this is not shown again (a tab reopened later, say). */
const CARRIED_FOR_MS = 15_000;
const isTone = (value: unknown): value is Tone =>
  value === 'success' || value === 'error' || value === 'info';

/**
 * A toast outlives a page load: one that moves to another page as a plain link or a page load
 * does (the parts of a page served as islands do, after signing out say) leaves its toasts to
 * the next page of the tab, which shows them for their whole time, however long the page took to
 * come; a toast first shown more than CARRIED_FOR_MS ago is not carried further. What is read back
 * is the tab's own, but still checked.
 */
function useCarriedAcrossPageLoads(): void {
  useEffect(() => {
    let carried: unknown;
    try {
      carried = JSON.parse(window.sessionStorage.getItem(CARRIED_KEY) ?? '[]');
      window.sessionStorage.removeItem(CARRIED_KEY);
    } catch {
      carried = [];
    }
    const now = Date.now();
    for (const item of Array.isArray(carried) ? carried : []) {
      const { tone, message, shownAt } = (item ?? {}) as Partial<ToastItem>;
      if (!isTone(tone) || typeof message !== 'string' || typeof shownAt !== 'number') continue;
      if (shownAt > now || now - shownAt >= CARRIED_FOR_MS) continue;
      show(tone, message.slice(0, 500), shownAt);
    }
    const leave = () => {
      if (toasts.length === 0) return;
      try {
        window.sessionStorage.setItem(CARRIED_KEY, JSON.stringify(toasts));
      } catch {
        // Storage refused (a private window, say): the next page shows none.
      }
    };
    // A page kept by the browser for Back comes back with its toasts: what it left is not needed.
    const back = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      try {
        window.sessionStorage.removeItem(CARRIED_KEY);
      } catch {
        // Nothing was left.
      }
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
    };
  }, []);
}

const api: ToastApi = {
  success: (message) => show('success', message),
  error: (message) => show('error', message),
  info: (message) => show('info', message),
};

/**
 * Where the toasts show, once in every page. They are kept outside React (one list for the
 * page), so a part of the page that runs on its own (web/islands) shows them here too.
 */
export function ToastRegion() {
  const shown = useSyncExternalStore(
    changes.subscribe,
    () => toasts,
    () => NO_TOASTS,
  );
  const [stack, setStack] = useState<HTMLElement | null>(null);
  useReservedSpace(stack);
  useCarriedAcrossPageLoads();

  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 flex flex-col items-center sm:items-end"
    >
      {/* The live region wraps the list: a list keeps its own role. */}
      <div role="status" aria-live="polite" className="w-full sm:max-w-sm">
        <ol ref={setStack} className="flex w-full flex-col gap-2 p-2 empty:hidden sm:px-4">
          {shown.map((toast) => (
            <li
              key={toast.id}
              className={`pointer-events-auto flex items-start gap-3 rounded-lg border border-l-4 border-stone-200 bg-white px-4 py-3 text-sm shadow-lg ${toneClasses[toast.tone]}`}
            >
              <p className="flex-1 text-stone-900">
                <span className="sr-only">{toneLabels[toast.tone]}: </span>
                {toast.message}
              </p>
              <button
                type="button"
                onClick={() => dismiss(toast.id)}
                className="-m-1 rounded p-1 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
                aria-label="Dismiss notification"
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** The one way to show a toast: `useToast().success('Saved')`. */
export function useToast(): ToastApi {
  return api;
}
